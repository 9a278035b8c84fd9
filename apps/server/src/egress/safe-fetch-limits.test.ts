import { describe, expect, it } from 'vitest';
import { useLoopbackServers } from '../../test/loopback-server';
import { pinnedLookup } from './node-transport';
import { safeFetch, type SafeFetchOptions } from './safe-fetch';
import { cannedTransport, recordingTransport, stubResolver } from '../../test/egress-doubles';

const servers = useLoopbackServers();

const local = (path: string) => `http://127.0.0.1:${servers.port}${path}`;
const seenPaths = () => servers.seen.map((request) => request.path);

/** The loopback test server is allow-listed by address; everything else is policed. */
function options(overrides: Omit<Partial<SafeFetchOptions>, 'transport'> = {}) {
  const transport = recordingTransport();
  return { transport, allowHosts: ['127.0.0.1'], resolve: stubResolver({}), ...overrides };
}

describe('a fetched page', () => {
  it('comes back with lowercase headers, the media type and the final URL', async () => {
    const page = await safeFetch(local('/page'), options());
    expect(page.finalUrl).toBe(local('/page'));
    expect(page.status).toBe(200);
    expect(page.contentType).toBe('text/html');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-multi']).toBe('a, b');
    expect(page.body.toString()).toBe('<h1>hello</h1>');
  });

  it('is decoded when the server compresses it anyway', async () => {
    const page = await safeFetch(local('/gzip'), options());
    expect(page.body.toString()).toBe('<p>compressed</p>');
    expect(page.headers['content-encoding']).toBeUndefined();
  });
});

describe('redirects', () => {
  it('refuses a hop to cloud metadata before contacting it', async () => {
    const opts = options();
    const to = encodeURIComponent('http://169.254.169.254/latest/meta-data/');
    await expect(safeFetch(local(`/redirect?to=${to}`), opts)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'This address cannot be previewed',
    });
    expect(opts.transport.hops).toHaveLength(1);
  });

  it('refuses a hop to a loopback name that is not allow-listed; the target never sees a request', async () => {
    const to = encodeURIComponent(`http://localhost:${servers.port}/secret`);
    await expect(safeFetch(local(`/redirect?to=${to}`), options())).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(seenPaths()).toEqual([`/redirect?to=${to}`]);
  });

  it('refuses a hop to another scheme', async () => {
    const to = encodeURIComponent('file:///etc/passwd');
    await expect(safeFetch(local(`/redirect?to=${to}`), options())).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Only http and https pages can be previewed',
    });
  });

  it('follows 5 redirects (positive control) and refuses the 6th without fetching it', async () => {
    const page = await safeFetch(local('/chain?left=5'), options());
    expect(page.finalUrl).toBe(local('/chain?left=0'));
    expect(page.body.toString()).toBe('end of chain');
    expect(servers.seen).toHaveLength(6);

    servers.seen.length = 0;
    await expect(safeFetch(local('/chain?left=6'), options())).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'Too many redirects',
    });
    expect(seenPaths()).toHaveLength(6);
    expect(seenPaths()).not.toContain('/chain?left=0');
  });
});

describe('size limit', () => {
  it('accepts a page of exactly maxBytes and refuses one byte more', async () => {
    const page = await safeFetch(local('/bytes?size=1024'), options({ maxBytes: 1024 }));
    expect(page.body).toHaveLength(1024);
    await expect(
      safeFetch(local('/bytes?size=1025'), options({ maxBytes: 1024 })),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The page is larger than 1 KB' });
  });

  it('stops reading an endless body once past the limit', async () => {
    await expect(
      safeFetch(local('/endless'), options({ maxBytes: 64 * 1024 })),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('counts decoded bytes, so a compressed bomb is refused at the default 5 MB', async () => {
    await expect(safeFetch(local('/gzip-bomb'), options())).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The page is larger than 5 MB',
    });
  });
});

describe('time limit', () => {
  const tookTooLong = { code: 'RETRYABLE', message: 'The page took too long to answer' };

  it.each(['/hang', '/stall-body'])('gives up on %s after timeoutMs', async (path) => {
    const started = Date.now();
    await expect(safeFetch(local(path), options({ timeoutMs: 150 }))).rejects.toMatchObject(
      tookTooLong,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up on DNS that never answers', async () => {
    const resolve = () => new Promise<never>(() => {});
    await expect(
      safeFetch('http://slow-dns.example/', options({ timeoutMs: 100, resolve })),
    ).rejects.toMatchObject(tookTooLong);
  });

  it("rejects with the caller's reason when the caller cancels", async () => {
    const controller = new AbortController();
    const fetching = safeFetch(local('/hang'), options({ signal: controller.signal }));
    const reason = new Error('client went away');
    setTimeout(() => controller.abort(reason), 20);
    await expect(fetching).rejects.toBe(reason);
  });
});

describe('DNS rebinding', () => {
  // A rebinding name answers the check with a public address and the connection with a
  // private one. The guard resolves once, checks every answer, and hands the socket those same
  // answers through `pinnedLookup`; Node never asks DNS again, so the second answer is never used.
  it('connects to the address that was checked, never to a later answer', async () => {
    const resolve = stubResolver({ 'rebind.example': [['93.184.216.34'], ['127.0.0.1']] });
    const transport = cannedTransport();
    await safeFetch('http://rebind.example/', { allowHosts: [], resolve, transport });
    expect(resolve.calls).toEqual(['rebind.example']);
    expect(transport.hops.map((hop) => hop.addresses)).toEqual([
      [{ address: '93.184.216.34', family: 4 }],
    ]);
    // Filtered by host: an earlier test's aborted request may still reach the servers late.
    expect(servers.seen.filter((request) => request.host?.startsWith('rebind.example'))).toEqual(
      [],
    );
  });

  it('pins the real socket: Node connects to the checked address without asking DNS', async () => {
    // "pinned.example" exists only in the stub, so reaching the server proves the pin was used.
    const resolve = stubResolver({ 'pinned.example': [['127.0.0.1'], ['10.0.0.1']] });
    const url = `http://pinned.example:${servers.port}/page`;
    const page = await safeFetch(url, options({ allowHosts: ['pinned.example'], resolve }));
    expect(page.status).toBe(200);
    expect(resolve.calls).toEqual(['pinned.example']);
    const pinned = servers.seen.filter((request) => request.host?.startsWith('pinned.example'));
    expect(pinned).toEqual([{ path: '/page', host: `pinned.example:${servers.port}` }]);
  });

  it('pinnedLookup answers only for the approved host', () => {
    const lookup = pinnedLookup('pinned.example', [{ address: '127.0.0.1', family: 4 }]);
    const answers: unknown[] = [];
    lookup('pinned.example', { all: true }, (error, address) => answers.push([error, address]));
    lookup('pinned.example', {}, (error, address, family) =>
      answers.push([error, address, family]),
    );
    lookup('other.example', {}, (error) => answers.push(error?.message));
    expect(answers).toEqual([
      [null, [{ address: '127.0.0.1', family: 4 }]],
      [null, '127.0.0.1', 4],
      'Unexpected lookup for an unapproved host',
    ]);
  });
});
