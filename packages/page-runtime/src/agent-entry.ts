import { startPreviewAgent } from './preview-agent';

// Entry of the IIFE bundle the page proxy inlines as the first script of <head>. The proxy
// writes the editor's origin into data-parent-origin, and the site's HTTP status into
// data-page-status(-text); the frame's own origin is opaque ("null").
const script = document.currentScript;
const parentOrigin = script?.dataset.parentOrigin;
const code = Number(script?.dataset.pageStatus);
const httpStatus =
  Number.isInteger(code) && code >= 100 && code <= 599
    ? { code, text: script?.dataset.pageStatusText ?? '' }
    : undefined;
script?.remove();
if (parentOrigin && window.parent !== window) {
  startPreviewAgent({ parentOrigin, ...(httpStatus ? { httpStatus } : {}) });
}
