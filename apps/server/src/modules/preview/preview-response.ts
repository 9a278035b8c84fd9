import { escapeHtml } from '@kindling/domain';
import type { FastifyReply } from 'fastify';
import { PREVIEW_CHANNEL } from '@kindling/page-runtime/channel';

/**
 * Headers of everything the page route answers. The sandbox CSP repeats the iframe's sandbox,
 * so even a top-level visit to this URL runs the page in an opaque origin, away from the app's
 * storage; no X-Frame-Options, so the editor can frame it.
 */
export function sendPreviewHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', 'sandbox allow-scripts allow-forms')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .send(html);
}

/** JSON inside <script>: "<" escaped so no string can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** A small page the iframe shows instead of the site; it also tells the editor what went wrong. */
export function errorPageHtml(message: string, parentOrigin: string | undefined): string {
  const notify = parentOrigin
    ? `<script>parent.postMessage(${scriptJson({ channel: PREVIEW_CHANNEL, type: 'error', message })}, ${scriptJson(parentOrigin)});</script>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Preview unavailable</title>${notify}
<style>body{font:15px/1.5 system-ui,sans-serif;color:#1f2937;display:grid;place-items:center;min-height:90vh;margin:0}
main{max-width:28rem;padding:1.5rem;border:1px solid #e5e7eb;border-radius:8px;text-align:center}
h1{font-size:1.1rem;margin:0 0 .5rem}p{margin:0;color:#4b5563}</style></head>
<body><main><h1>Preview unavailable</h1><p data-testid="preview-error">${escapeHtml(message)}</p></main></body></html>`;
}
