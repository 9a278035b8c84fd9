import { escapeHtml } from '@kindling/domain';
import type { FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { previewAgentScript } from './agent-bundle';
import { decodeHtml, looksLikeHtml } from './html-charset';
import { errorPageHtml } from './preview-response';
import { rewritePreviewHtml } from './rewrite-html';
import type { Resolver } from '../../egress/guarded-lookup';
import { safeFetch, type SafeFetchResult } from '../../egress/safe-fetch';

export interface RenderPreviewOptions {
  url: string;
  allowHosts: readonly string[];
  /** The editor's origin, written into the agent so it answers no one else. */
  parentOrigin: string;
  signal?: AbortSignal;
  /** The page when the app serves it itself (a published burner page): no fetch then. */
  ownPage?: OwnPageHtml | null;
  /** DNS seam for tests; defaults to the system resolver. */
  resolve?: Resolver;
}

/** A page of the app's own, as the pages module renders it (see OwnPageLoader). */
export interface OwnPageHtml {
  status: number;
  html: string;
}

/** The pages module's port: the app's own published page at `url`, or null for any other. */
export type OwnPageLoader = (input: {
  url: string;
  request: FastifyRequest;
}) => Promise<OwnPageHtml | null>;

export interface RenderedPreview {
  status: number;
  html: string;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/**
 * Fetches the page through the SSRF guard (or takes the app's own page as given) and returns it ready for the sandboxed frame: the
 * site's own status, <base> to the original, the preview agent first in <head>. Fetch failures
 * throw AppError; a non-HTML answer becomes a 415 error page.
 */
export async function renderPreviewPage(options: RenderPreviewOptions): Promise<RenderedPreview> {
  const page = options.ownPage
    ? ownPageResult(options.url, options.ownPage)
    : await safeFetch(options.url, {
        allowHosts: options.allowHosts,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.resolve ? { resolve: options.resolve } : {}),
      });
  const isHtml =
    page.contentType === null ? looksLikeHtml(page.body) : HTML_TYPES.has(page.contentType);
  if (!isHtml) {
    const message = `This address is not a web page (it answered ${page.contentType ?? 'an unknown type'}).`;
    return { status: 415, html: errorPageHtml(message, options.parentOrigin) };
  }
  const agent = await previewAgentScript();
  // The frame cannot read its own HTTP status; the agent passes it on, so a 404 page is not
  // mistaken for the page to test.
  const attributes = [
    `data-parent-origin="${escapeHtml(options.parentOrigin)}"`,
    `data-page-status="${page.status}"`,
    `data-page-status-text="${escapeHtml(STATUS_CODES[page.status] ?? '')}"`,
    // For the page meta the editor records (campaign meta): where the fetch began and ended.
    `data-page-url="${escapeHtml(new URL(options.url).href)}"`,
    `data-page-final-url="${escapeHtml(page.finalUrl)}"`,
    `data-page-bytes="${page.body.length}"`,
  ].join(' ');
  const inject = `<script ${attributes}>${agent}</script>`;
  const html = rewritePreviewHtml({
    html: decodeHtml(page.body, page.headers['content-type']),
    pageUrl: page.finalUrl,
    inject,
  });
  return { status: page.status, html };
}

function ownPageResult(url: string, page: OwnPageHtml): SafeFetchResult {
  const contentType = 'text/html; charset=utf-8';
  return {
    finalUrl: new URL(url).href,
    status: page.status,
    headers: { 'content-type': contentType },
    body: Buffer.from(page.html, 'utf8'),
    contentType: 'text/html',
  };
}
