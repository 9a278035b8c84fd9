import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_PAGE } from './changes';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../e2e/fixtures');
const PLACEHOLDER = '<!-- kindling-snippet -->';

export interface PageServer {
  /** http://{host}:{port}: the page is `${origin}/${FIXTURE_PAGE}?with={variant}`. */
  origin: string;
  pageUrl: (variant: string) => string;
  /** What the `variant` page has in its <head> in place of the snippet placeholder. */
  setHead: (variant: string, head: string) => void;
  close: () => Promise<void>;
}

/**
 * A customer's site on loopback: the fixture page with the head of the `?with=` variant, its
 * image, and static scripts (a third-party bundle served as a CDN would: one file, cacheable).
 */
export async function startPageServer({
  host,
  scripts,
}: {
  /** The host name the browser uses (mapped to 127.0.0.1 inside Chromium). */
  host: string;
  /** Path -> file to serve as JavaScript. */
  scripts: Record<string, string>;
}): Promise<PageServer> {
  const html = readFileSync(path.join(FIXTURES, FIXTURE_PAGE), 'utf8');
  if (!html.includes(PLACEHOLDER)) throw new Error(`${FIXTURE_PAGE} lost its snippet placeholder`);
  const pages = new Map<string, string>();
  const image = readFileSync(path.join(FIXTURES, 'lamp.png'));
  const js = new Map(Object.entries(scripts).map(([route, file]) => [route, readFileSync(file)]));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://page.invalid');
    const page =
      url.pathname === `/${FIXTURE_PAGE}` && pages.get(url.searchParams.get('with') ?? '');
    const script = js.get(url.pathname);
    if (page) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    } else if (script) {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    } else if (url.pathname === '/lamp.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(image);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageUrl: (variant) => `${origin}/${FIXTURE_PAGE}?with=${variant}`,
    setHead: (variant, head) => pages.set(variant, html.replace(PLACEHOLDER, head)),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
