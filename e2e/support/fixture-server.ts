import { readFile } from 'node:fs/promises';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.js': 'text/javascript',
};

/** Headers a real site sends that forbid framing; the proxy must not pass them on. */
const EXTRA_HEADERS: Record<string, OutgoingHttpHeaders> = {
  '/strict-csp.html': {
    'x-frame-options': 'DENY',
    'content-security-policy':
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
  },
};

/** Paths the fixture server answers with a redirect to another of its pages. */
export const REDIRECTS: Record<string, string> = { '/moved.html': '/product-meta.html' };

/** A path the fixture server answers with an HTML "not found" page, as a real site would. */
export const MISSING_PAGE = 'gone.html';

const NOT_FOUND_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found</title></head>
<body style="font:16px system-ui;margin:48px"><h1>Page not found</h1><p>This page has moved or no longer exists.</p></body></html>`;

export const FIXTURE_PAGES = [
  'saas-landing.html',
  'shop-product.html',
  'js-built.html',
  'iframes-shadow.html',
  'strict-csp.html',
] as const;

export interface FixtureServer {
  origin: string;
  /** Paths requested so far, in order. */
  seen: string[];
  close(): Promise<void>;
}

export interface FixtureOptions {
  /** Text replaced in every HTML page served, e.g. a snippet tag for a placeholder comment. */
  substitutions?: Record<string, string>;
}

const substitute = (body: Buffer, substitutions: Record<string, string>): Buffer | string =>
  Object.keys(substitutions).length === 0
    ? body
    : Object.entries(substitutions).reduce(
        (text, [from, to]) => text.replaceAll(from, to),
        body.toString('utf8'),
      );

/** Serves e2e/fixtures on 127.0.0.1 (random port), standing in for customers' sites. */
export async function startFixtureServer({
  substitutions = {},
}: FixtureOptions = {}): Promise<FixtureServer> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://fixture.invalid').pathname;
    seen.push(pathname);
    const redirect = REDIRECTS[pathname];
    if (redirect) {
      response.writeHead(302, { location: redirect }).end();
      return;
    }
    if (pathname === `/${MISSING_PAGE}`) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(NOT_FOUND_HTML);
      return;
    }
    const file = path.join(FIXTURES, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    const type = TYPES[path.extname(file)];
    if (!file.startsWith(FIXTURES) || !type) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    readFile(file).then(
      (body) =>
        response
          .writeHead(200, { 'content-type': type, ...(EXTRA_HEADERS[pathname] ?? {}) })
          .end(type.startsWith('text/html') ? substitute(body, substitutions) : body),
      () => response.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
