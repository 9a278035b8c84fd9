import { startPreviewAgent } from './preview-agent';

// Entry of the IIFE bundle the page proxy inlines as the first script of <head>. The proxy
// writes the editor's origin into data-parent-origin, and the site's HTTP status into
// data-page-status(-text), and its fetch into data-page-url, -final-url and -bytes; the frame's
// own origin is opaque ("null").
const script = document.currentScript;
const parentOrigin = script?.dataset.parentOrigin;
const code = Number(script?.dataset.pageStatus);
const httpStatus =
  Number.isInteger(code) && code >= 100 && code <= 599
    ? { code, text: script?.dataset.pageStatusText ?? '' }
    : undefined;
// The proxy's fetch; the meta is reported only when all three came through.
const requestedUrl = script?.dataset.pageUrl;
const finalUrl = script?.dataset.pageFinalUrl;
const htmlBytes = Number(script?.dataset.pageBytes);
const page =
  requestedUrl && finalUrl && Number.isInteger(htmlBytes) && htmlBytes >= 0
    ? { requestedUrl, finalUrl, htmlBytes }
    : undefined;
// The proxy writes its <base> just before this script.
const base = script?.previousElementSibling;
const addedElements = base?.localName === 'base' ? [base] : [];
script?.remove();
if (parentOrigin && window.parent !== window) {
  startPreviewAgent({
    parentOrigin,
    addedElements,
    ...(httpStatus ? { httpStatus } : {}),
    ...(page ? { page } : {}),
  });
}
