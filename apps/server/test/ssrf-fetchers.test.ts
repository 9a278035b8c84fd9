import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EgressSeams } from '../src/egress/safe-fetch';
import { safePost } from '../src/egress/safe-post';
import { AppError } from '../src/errors';
import { readSourceImage } from '../src/modules/ai/images/read-source-image';
import { createOpenAiHttp } from '../src/modules/ai/openai/openai-http';
import { createOpenAiImageProvider } from '../src/modules/ai/openai/openai-image-provider';
import { checkImageUrl } from '../src/modules/campaigns/check-image-url';
import { withStoredFavicon } from '../src/modules/campaigns/store-favicon';
import { renderPreviewPage } from '../src/modules/preview/render-preview-page';
import { guardContext } from '../src/modules/screenshots/request-guard';
import { recordingTransport, stubResolver } from './egress-doubles';
import { startFakeOpenAiServer, type FakeOpenAiServer } from './fake-openai-server';
import { useLoopbackServers } from './loopback-server';

// Every fetcher a user can aim at an address, each fed the same table of SSRF vectors through
// its own entry point: the preview proxy (renderPreviewPage), the screenshot browser's request
// guard (guardContext), the favicon of a saved campaign (withStoredFavicon), the is-image check
// (checkImageUrl), the source image of an image edit (readSourceImage), and the image link an
// OpenAI-compatible provider answers (its address is the provider's, or whoever sits at
// AI_BASE_URL). egress/safe-fetch.test.ts checks the guard itself.

/** `{port}` is the 127.0.0.1 test server, `{port6}` the ::1 one; both count what they receive. */
const DIRECT = [
  // Loopback in every spelling.
  'http://127.0.0.1:{port}/page',
  'http://127.1:{port}/page',
  'http://2130706433:{port}/page',
  'http://0177.0.0.1:{port}/page',
  'http://0x7f000001:{port}/page',
  'http://0x7f.0.0.1:{port}/page',
  'http://127.0.0.1.:{port}/page',
  'http://user:secret@127.0.0.1:{port}/page',
  'http://localhost:{port}/page',
  'http://0.0.0.0:{port}/page',
  'http://[::1]:{port6}/page',
  'http://[0:0:0:0:0:0:0:1]:{port6}/page',
  'http://[::]:{port6}/page',
  // IPv4-mapped, NAT64 and 6to4 forms of loopback and private space.
  'http://[::ffff:127.0.0.1]:{port}/page',
  'http://[::ffff:7f00:1]:{port}/page',
  'http://[64:ff9b::7f00:1]:{port}/page',
  'http://[2002:7f00:1::]:{port}/page',
  'http://[::ffff:10.0.0.1]/',
  'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
  // Private, shared, link-local, multicast, broadcast and reserved ranges.
  'http://10.0.0.1/',
  'http://012.0.0.1/',
  'http://172.16.5.4/',
  'http://192.168.1.1/',
  'http://3232235777/',
  'http://0xc0a80101/',
  'http://100.64.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://0xa9fea9fe/latest/meta-data/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://240.0.0.1/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[ff02::1]/',
  // DNS names answering with private addresses (injected resolver, below).
  'http://loopback.example:{port}/page',
  'http://v6-loopback.example:{port6}/page',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://mixed.example/',
  'http://mapped.example/',
  'http://internal.example/',
  // Schemes other than http(s).
  'file:///etc/passwd',
  'ftp://example.com/',
  'gopher://127.0.0.1:{port}/_GET',
  'ws://127.0.0.1:{port}/page',
  'javascript:alert(1)',
];

/** Redirect targets, served by an allow-listed name so only the hop itself is refused. */
const REDIRECT_TARGETS = [
  'http://127.0.0.1:{port}/page',
  'http://localhost:{port}/page',
  'http://2130706433:{port}/page',
  'http://[::1]:{port6}/page',
  'http://[::ffff:127.0.0.1]:{port}/page',
  'http://loopback.example:{port}/page',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.1/',
  'file:///etc/passwd',
  'gopher://127.0.0.1:{port}/_GET',
];

const ALLOWED_HOST = 'redirector.example';
const allowHosts = [ALLOWED_HOST];
const resolve = stubResolver({
  [ALLOWED_HOST]: ['127.0.0.1'],
  'loopback.example': ['127.0.0.1'],
  'v6-loopback.example': ['::1'],
  'metadata.google.internal': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '10.0.0.1'],
  'mapped.example': ['::ffff:192.168.0.1'],
  'internal.example': ['172.20.0.5'],
});

const servers = useLoopbackServers();

const { fill } = servers;
/** Left unencoded so `fill` reaches the target's ports too; no target has a query of its own. */
const redirectVia = (target: string) => `http://${ALLOWED_HOST}:{port}/redirect?to=${target}`;
const VECTORS = [...DIRECT, ...REDIRECT_TARGETS.map(redirectVia)];

/** Requests that reached a test server other than the allowed redirect hop itself. */
const leaked = () => servers.seen.filter((request) => !request.path.startsWith('/redirect'));

type Outcome = 'refused' | 'loaded';

async function throughPreview(url: string): Promise<Outcome> {
  try {
    await renderPreviewPage({ url, allowHosts, resolve, parentOrigin: 'http://app.test' });
    return 'loaded';
  } catch (error) {
    if (error instanceof AppError && ['FORBIDDEN', 'VALIDATION'].includes(error.code)) {
      return 'refused';
    }
    throw error;
  }
}

/** Plays Chromium: one request through the guard's route handler, as a stand-in Route. */
async function throughScreenshotGuard(url: string): Promise<Outcome> {
  let handle: ((route: Route) => unknown) | undefined;
  const context = {
    route: (_pattern: string, handler: (route: Route) => unknown) => {
      handle = handler;
      return Promise.resolve();
    },
    routeWebSocket: () => Promise.resolve(),
  } as unknown as BrowserContext;
  await guardContext(context, { allowHosts, resolve, signal: new AbortController().signal });
  return new Promise<Outcome>((settle) => {
    const route = {
      request: () => ({ url: () => url, method: () => 'GET' }),
      abort: () => Promise.resolve(settle('refused')),
      continue: () => Promise.resolve(settle('loaded')),
      fulfill: () => Promise.resolve(settle('loaded')),
    } as unknown as Route;
    void handle!(route);
  });
}

const isRedirectHop = (url: URL) => url.hostname === ALLOWED_HOST && url.pathname === '/redirect';

/**
 * For fetchers that answer a refusal like any other failure (no favicon, `false`, "Could not
 * get image info"): the connection seam tells. The guard hands it only addresses it approved,
 * so any hop but the allowed redirect itself is a vector let through; the recording transport
 * connects only to loopback, so a let-through private address is seen without any traffic.
 */
const throughTransport =
  (fetchWith: (url: string, seams: EgressSeams) => Promise<unknown>) =>
  async (url: string): Promise<Outcome> => {
    const transport = recordingTransport();
    await fetchWith(url, { resolve, transport }).catch(() => undefined);
    return transport.hops.some((hop) => !isRedirectHop(hop.url)) ? 'loaded' : 'refused';
  };

const config = {
  PREVIEW_ALLOW_HOSTS: allowHosts,
  // Only an upload of our own is read from here; no vector names one.
  DATA_DIR: path.join(tmpdir(), 'kindling-ssrf-no-uploads'),
  PUBLIC_URL: undefined,
};

let fakeOpenAi: FakeOpenAiServer;
beforeAll(async () => {
  fakeOpenAi = await startFakeOpenAiServer();
});
afterAll(() => fakeOpenAi.close());

const FETCHERS = {
  'preview proxy': throughPreview,
  'screenshot browser': throughScreenshotGuard,
  'campaign favicon': throughTransport((url, seams) =>
    withStoredFavicon({ config }, { meta: { faviconUrl: url }, ...seams }),
  ),
  'is-image check': throughTransport((url, seams) => checkImageUrl({ config }, { url, ...seams })),
  'webhook delivery': throughTransport((url, seams) =>
    safePost(new URL(url), { body: '{}', headers: {}, allowHosts, ...seams }),
  ),
  'image-edit source': throughTransport((url, seams) => readSourceImage(config, { url, ...seams })),
  'OpenAI image link': throughTransport((url, seams) => {
    fakeOpenAi.script({ imageUrl: url });
    const provider = createOpenAiImageProvider({
      http: createOpenAiHttp({ baseUrl: fakeOpenAi.baseUrl, timeoutMs: 5_000, maxAttempts: 1 }),
      model: 'dall-e-3',
      timeoutMs: 5_000,
      allowHosts,
      ...seams,
    });
    return provider.draw({
      prompt: 'A lamp',
      imageType: 'photo',
      size: { width: 8, height: 8 },
      index: 0,
    });
  }),
} as const;

describe.each(Object.entries(FETCHERS))('the %s fetcher', (name, fetchThrough) => {
  it('loads an allow-listed page (positive control: the harness can see a fetch)', async () => {
    expect(await fetchThrough(fill(`http://${ALLOWED_HOST}:{port}/page`))).toBe('loaded');
    expect(servers.seen.map((request) => request.path)).toEqual(['/page']);
  });

  it(`refuses every one of ${VECTORS.length} SSRF vectors, reaching no private address`, async () => {
    const refused: string[] = [];
    const letThrough: string[] = [];
    let redirectsServed = 0;
    for (const vector of VECTORS) {
      const url = fill(vector);
      const outcome = await fetchThrough(url);
      (outcome === 'refused' && leaked().length === 0 ? refused : letThrough).push(url);
      redirectsServed += servers.seen.length - leaked().length;
      servers.seen.length = 0;
    }
    console.log(`[ssrf] ${name}: ${VECTORS.length} vectors tried, ${refused.length} refused`);
    expect(letThrough).toEqual([]);
    expect(refused).toHaveLength(VECTORS.length);
    // The redirect vectors were refused at the hop, after the allowed first request.
    expect(redirectsServed).toBe(REDIRECT_TARGETS.length);
    expect(VECTORS.length).toBeGreaterThanOrEqual(40);
  });
});
