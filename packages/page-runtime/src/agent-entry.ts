import { startPreviewAgent } from './preview-agent';

// Entry of the IIFE bundle the page proxy inlines as the first script of <head>. The proxy
// writes the editor's origin into data-parent-origin; the frame's own origin is opaque ("null").
const script = document.currentScript;
const parentOrigin = script?.dataset.parentOrigin;
script?.remove();
if (parentOrigin && window.parent !== window) startPreviewAgent({ parentOrigin });
