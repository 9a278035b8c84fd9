import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, errorOf, signUp, useTestApp, type Account } from '../../../test/test-app';
import { TICKET_URL_MESSAGE } from './routes';

const PAGE = `<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'">
<title>Fixture</title></head><body><h1>Hello</h1></body></html>`;

describe('GET /api/preview/page', () => {
  const t = useTestApp('pglite', { PREVIEW_ALLOW_HOSTS: ['127.0.0.1'] });
  let site: Server;
  let origin: string;
  let account: Account;
  const hits: string[] = [];

  beforeAll(async () => {
    site = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/missing') {
        response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>No such page</h1>');
        return;
      }
      if (request.url === '/moved') {
        response.writeHead(302, { location: '/landing' }).end();
        return;
      }
      if (request.url === '/image.png') {
        response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html', 'x-frame-options': 'DENY' }).end(PAGE);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    account = await signUp(t.current.app);
  });
  afterAll(() => new Promise((resolve) => site.close(resolve)));

  const get = (query: Record<string, string>) =>
    t.current.app.inject({
      method: 'GET',
      url: `/api/preview/page?${new URLSearchParams(query).toString()}`,
      headers: { host: 'app.test:8080' },
    });

  const ticketFor = (url: unknown, headers: Record<string, string> = bearer(account)) =>
    t.current.app.inject({
      method: 'POST',
      url: '/api/preview/ticket',
      headers,
      payload: { url },
    });
  /** The framed address the app gets for `url`, as its query. */
  const framed = async (url: string) => {
    const answer = await ticketFor(url);
    expect(answer.statusCode, answer.body).toBe(200);
    const { src } = answer.json<{ src: string }>();
    return Object.fromEntries(new URL(src, 'http://app.test:8080').searchParams);
  };

  it('issues a URL-bound ticket for a signed-in user, so no address carries the token', async () => {
    const url = `${origin}/landing`;
    const answer = await ticketFor(url);
    expect(answer.statusCode).toBe(200);
    const { ticket, src } = answer.json<{ ticket: string; src: string }>();
    const location = new URL(src, 'http://app.test:8080');
    expect(location.pathname).toBe('/api/preview/page');
    expect(location.searchParams.get('url')).toBe(url);
    expect(location.searchParams.get('ticket')).toBe(ticket);
    expect([...location.searchParams.keys()].sort()).toEqual(['ticket', 'url']);
    expect(src).not.toContain(account.token);
    expect(hits).not.toContain('/landing');

    const page = await get(Object.fromEntries(location.searchParams));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe('sandbox allow-scripts allow-forms');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toMatch(
      new RegExp(
        `^<!doctype html><html><head><base href="${origin}/landing"><script data-parent-origin="http://app.test:8080" data-page-status="200" data-page-status-text="OK" data-page-url="${origin}/landing" data-page-final-url="${origin}/landing" data-page-bytes="${Buffer.byteLength(PAGE)}">`,
      ),
    );
    expect(page.body).not.toContain('Content-Security-Policy');
    expect(page.body).toContain('<h1>Hello</h1>');

    const otherUrl = await get({
      url: `${origin}/other`,
      ticket: location.searchParams.get('ticket')!,
    });
    expect(otherUrl.statusCode).toBe(401);
  });

  it('tells the agent where a redirected fetch began and ended, and the HTML size', async () => {
    const url = `${origin}/moved`;
    const { src } = (await ticketFor(url)).json<{ src: string }>();
    const page = await get(Object.fromEntries(new URL(src, 'http://app.test').searchParams));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `data-page-url="${url}" data-page-final-url="${origin}/landing" data-page-bytes="${Buffer.byteLength(PAGE)}"`,
    );
  });

  it('issues no ticket without a session, nor for a missing address', async () => {
    expect((await ticketFor(`${origin}/x`, {})).statusCode).toBe(401);
    expect((await ticketFor(`${origin}/x`, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    for (const url of ['', '   ', 42]) {
      const refused = await ticketFor(url);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).message).toBe(TICKET_URL_MESSAGE);
    }
  });

  it('answers a missing or bad ticket, or a token in the address, with a small HTML error page', async () => {
    const queries: Record<string, string>[] = [
      { url: `${origin}/x` },
      { url: `${origin}/x`, ticket: 'nope' },
      // The old way in: a token in the query is no longer taken.
      { url: `${origin}/x`, token: account.token },
    ];
    for (const query of queries) {
      const response = await get(query);
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('User needs to be authenticated');
      expect(response.body).toContain('"channel":"kindling-preview","type":"error"');
    }
    expect(hits).not.toContain('/x');
  });

  it('refuses addresses the SSRF guard refuses, with its message', async () => {
    const url = 'http://169.254.169.254/latest/meta-data/';
    const response = await get(await framed(url));
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('This address cannot be previewed');
  });

  it('answers 415 for something that is not a web page', async () => {
    const url = `${origin}/image.png`;
    const response = await get(await framed(url));
    expect(response.statusCode).toBe(415);
    expect(response.body).toContain('not a web page (it answered image/png)');
  });

  it('passes the site’s own status on, to the frame and to the agent that reports it', async () => {
    const response = await get(await framed(`${origin}/missing`));
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('data-page-status="404" data-page-status-text="Not Found"');
    expect(response.body).toContain('<h1>No such page</h1>');
  });
});
