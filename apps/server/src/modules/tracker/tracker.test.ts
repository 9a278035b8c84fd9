import { runInNewContext } from 'node:vm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  createTeam,
  errorOf,
  expectFieldError,
  signUp,
  useTestApp,
} from '../../../test/test-app';
import { SHARED_CACHE_CONTROL, TRACKER_STALE_CACHING } from '../../http/public-answer';
import { ELEMENT_CHANGE_MESSAGES } from '@kindling/domain';
import { BOOTSTRAP_NAME } from '@kindling/page-runtime/tracker-build';
import { SNIPPET_MODE_MESSAGE } from './routes';

const RED = 0xff0000ff;

const HEADLINE_FINGERPRINT = { tag: 'h1', text: 'Original', landmark: 'main', index: 0 };

const textElement = (selector: string, variants: { value: string; enabled?: boolean }[]) => ({
  id: -1,
  selector,
  type: 'text',
  key: selector,
  control: { info: { value: 'Original' } },
  variants: variants.map(({ value, enabled = true }, index) => ({
    id: -10 - index,
    key: `${selector}-${index}`,
    type: 'text',
    isEnabled: enabled,
    info: { value, styles: [{ type: 'textColor', value: RED }] },
  })),
});

describeEachDatabase('the tracker routes', (kind) => {
  const t = useTestApp(kind, { PUBLIC_URL: 'https://kindling.example.com' });
  let slug: string;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let split: number;
  let bandit: number;

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method: 'GET', url, headers });
  const config = async () => (await get(`/api/tracker/${slug}/config.json`)).json();
  const create = async (payload: object) => {
    const response = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: { description: 'Tracker test', isEnabled: true, ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Tracker Team');
    split = await create({
      name: 'Split',
      ingestedUrl: 'https://shop.example.com/landing',
      trafficAllocation: 80,
      exclusiveAudienceMode: true,
      elements: [
        {
          ...textElement('h1', [{ value: 'Grow 3x' }, { value: 'Paused', enabled: false }]),
          fingerprint: HEADLINE_FINGERPRINT,
        },
        { ...textElement('#empty', []), id: -2 },
      ],
      goals: [
        {
          id: -20,
          isConversionGoal: false,
          event: { type: 2, name: 'Sign up', elements: [{ id: 'a', label: 'a', selector: '#go' }] },
        },
        {
          id: -21,
          isConversionGoal: true,
          event: { type: 1, name: 'Thanks', url: 'https://shop.example.com/thanks' },
        },
      ],
    });
    bandit = await create({
      name: 'Bandit',
      type: 'multi_armed_bandit',
      ingestedUrl: 'https://shop.example.com/pricing',
      elements: [textElement('.price', [{ value: '$9' }, { value: '$12' }])],
    });
    await create({
      name: 'Paused',
      isEnabled: false,
      ingestedUrl: 'https://shop.example.com/paused',
      elements: [textElement('.paused', [{ value: 'Never served' }])],
    });
  });

  it('serves the enabled campaigns with their enabled variants as page mutations', async () => {
    const served = await config();
    expect(served.version).toBe(1);
    expect(served.collectUrl).toBe('https://kindling.example.com/api/collect');
    expect(served.campaigns.map((campaign: { id: number }) => campaign.id)).toEqual([
      split,
      bandit,
    ]);
    const [first, second] = served.campaigns;
    expect(first).toMatchObject({
      url: 'https://shop.example.com/landing',
      trafficAllocation: 80,
      exclusive: true,
      goals: [
        { type: 'click', selectors: ['#go'] },
        { type: 'pageView', url: 'https://shop.example.com/thanks' },
      ],
    });
    const [headline, empty] = first.elements;
    expect(headline.selector).toBe('h1');
    // The fingerprint travels beside the selector, for self-healing; elements without one
    // (picked before issue 11) carry none.
    expect(headline.fingerprint).toEqual(HEADLINE_FINGERPRINT);
    expect(empty).not.toHaveProperty('fingerprint');
    expect(headline.variants).toHaveLength(1);
    expect(headline.variants[0].mutations).toEqual([
      { type: 'textValue', selector: 'h1', value: 'Grow 3x' },
      { type: 'textColor', selector: 'h1', value: RED },
    ]);
    expect(headline).not.toHaveProperty('controlWeight');
    expect(empty.variants).toEqual([]);
    // Bandit campaigns carry weights: even while they have no results.
    expect(second.elements[0].controlWeight).toBe(0.3333);
    expect(second.elements[0].variants.map((v: { weight: number }) => v.weight)).toEqual([
      0.3333, 0.3333,
    ]);
  });

  it('serves a variant that hides its element as a layout change, whatever text it kept (issue 32)', async () => {
    const element = textElement('.testimonials', [{ value: 'Kept, not shown' }]);
    const hiding = await create({
      name: 'Without testimonials',
      ingestedUrl: 'https://shop.example.com/reviews',
      elements: [
        {
          ...element,
          variants: element.variants.map((variant) => ({
            ...variant,
            info: { ...variant.info, hidden: true },
          })),
        },
      ],
    });
    const campaign = (await config()).campaigns.find((c: { id: number }) => c.id === hiding);
    expect(campaign.elements[0].variants[0].mutations).toEqual([
      { type: 'layout', selector: '.testimonials', styles: { display: 'none' } },
    ]);
    // Read back as saved: the editor shows it as hidden.
    const read = await t.current.app.inject({
      url: `/api/team/${slug}/campaign/by-id?id=${hiding}`,
      headers: bearer(owner),
    });
    expect(read.json().elements[0].variants[0].info).toMatchObject({ hidden: true });
    const deleted = await t.current.app.inject({
      method: 'DELETE',
      url: `/api/team/${slug}/campaign/delete?id=${hiding}`,
      headers: bearer(owner),
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('serves link and attribute changes with the HTML bundle, and refuses a script address (issue 32)', async () => {
    // A team of its own: its script says which bundle the changes need.
    const team = await createTeam(t.current.app, owner, 'Links Team');
    const element = textElement('a.features', [{ value: '' }]);
    const post = (changes: object) =>
      t.current.app.inject({
        method: 'POST',
        url: `/api/team/${team}/campaign/create`,
        headers: bearer(owner),
        payload: {
          name: 'Features link',
          description: 'Links',
          isEnabled: true,
          ingestedUrl: 'https://shop.example.com/links',
          elements: [
            {
              ...element,
              variants: element.variants.map((variant) => ({
                ...variant,
                info: { ...variant.info, ...changes },
              })),
            },
          ],
        },
      });
    const served = async () => (await get(`/api/tracker/${team}/config.json`)).json();
    const refused = await post({ href: 'javascript:alert(1)' });
    expectFieldError(refused, 'elements.0.variants.0.info.href', ELEMENT_CHANGE_MESSAGES.link);
    const badName = await post({ attributes: { onclick: 'alert(1)' } });
    expect(badName.statusCode).toBe(400);
    expect(badName.body).toContain(ELEMENT_CHANGE_MESSAGES.attributeName);
    expect((await served()).campaigns).toEqual([]);
    expect((await get(`/api/tracker/${team}.js`)).body).not.toContain('noopener noreferrer');

    const linked = await post({ href: '/pricing', attributes: { title: 'See the prices' } });
    expect(linked.statusCode, linked.body).toBe(201);
    expect((await served()).campaigns[0].elements[0].variants[0].mutations).toEqual([
      { type: 'textColor', selector: 'a.features', value: RED },
      { type: 'link', selector: 'a.features', href: '/pricing' },
      { type: 'attribute', selector: 'a.features', name: 'title', value: 'See the prices' },
    ]);
    // The plain tracker leaves these types out; the HTML bundle applies them.
    await expect
      .poll(async () => (await get(`/api/tracker/${team}.js`)).body, { timeout: 10_000 })
      .toContain('noopener noreferrer');
  });

  it('serves the HTML allow-list only once a variant holds HTML (advanced text)', async () => {
    const script = async () => (await get(`/api/tracker/${slug}.js`)).body;
    expect(await script()).not.toContain('noopener noreferrer');
    const formatted = await create({
      name: 'Formatted',
      ingestedUrl: 'https://shop.example.com/formatted',
      elements: [
        {
          ...textElement('h2', []),
          variants: [
            {
              id: -10,
              key: 'bold',
              type: 'text',
              isEnabled: true,
              info: { value: 'Bold', html: '<b>Bold</b>', textType: 'advanced', styles: [] },
            },
          ],
        },
      ],
    });
    // The write marks the team's files changed: a request soon serves the other bundle (the
    // last good file answers while its first build, a fraction of a second, is under way).
    await expect.poll(script, { timeout: 10_000 }).toContain('noopener noreferrer');
    const removed = await t.current.app.inject({
      method: 'DELETE',
      url: `/api/team/${slug}/campaign/delete?id=${formatted}`,
      headers: bearer(owner),
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await expect.poll(script, { timeout: 10_000 }).not.toContain('noopener noreferrer');
  });

  it('serves the script with the hide list embedded, for any origin, cached 60 s', async () => {
    const response = await get(`/api/tracker/${slug}.js`, { origin: 'https://shop.example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toBe(
      `${SHARED_CACHE_CONTROL}, ${TRACKER_STALE_CACHING}`,
    );
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Run the wrapper with a stand-in runtime to read the bootstrap it binds.
    const body = response.body;
    let bootstrap: unknown;
    runInNewContext(
      body.replace(
        /\{.*\}\((\{.*\})\);\s*$/s,
        (_body, bootstrap: string) => `{capture(${BOOTSTRAP_NAME})}(${bootstrap});`,
      ),
      {
        capture: (value: unknown) => (bootstrap = value),
      },
    );
    expect(bootstrap).toEqual({
      c: `https://kindling.example.com/api/tracker/${slug}/config.json`,
      // Only elements with something to show; the paused campaign is not there.
      h: [
        ['https://shop.example.com/landing', ['h1']],
        ['https://shop.example.com/pricing', ['.price']],
      ],
    });
    expect(body).toContain('MutationObserver');
    expect(body).not.toMatch(/zod/i);
  });

  it('answers 304 to a matching If-None-Match, and a new ETag after a change', async () => {
    for (const url of [`/api/tracker/${slug}.js`, `/api/tracker/${slug}/config.json`]) {
      const first = await get(url);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(url, { 'if-none-match': `W/${etag}, "other"` });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['cache-control']).toBe(
        `${SHARED_CACHE_CONTROL}, ${TRACKER_STALE_CACHING}`,
      );
      expect((await get(url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    }
    const before = (await get(`/api/tracker/${slug}/config.json`)).headers.etag;
    const paused = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/campaign/update-enabled?id=${bandit}&isEnabled=false`,
      headers: bearer(owner),
    });
    expect(paused.statusCode).toBe(200);
    const after = await get(`/api/tracker/${slug}/config.json`, {
      'if-none-match': String(before),
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().campaigns.map((c: { id: number }) => c.id)).toEqual([split]);
  });

  it('serves uploaded variant images at absolute addresses on Kindling, others as they are', async () => {
    const upload = '/api/files/uploads/0b0e6a1c-6a5e-4c41-9f4b-0d6f2a9b1c3e.png';
    const gallery = await create({
      name: 'Gallery',
      ingestedUrl: 'https://shop.example.com/gallery',
      elements: [
        {
          id: -1,
          selector: '#hero img',
          type: 'image',
          key: 'hero',
          control: { info: { src: 'https://shop.example.com/hero.png' } },
          variants: [
            { id: -2, key: 'up', type: 'image', isEnabled: true, info: { src: upload } },
            {
              id: -3,
              key: 'cdn',
              type: 'image',
              isEnabled: true,
              info: { src: 'https://cdn.example.com/b.png' },
            },
          ],
        },
      ],
    });
    const served = (await config()).campaigns.find((c: { id: number }) => c.id === gallery);
    const sources = served.elements[0].variants.map(
      (variant: { mutations: { type: string; src?: string }[] }) =>
        variant.mutations.find((mutation) => mutation.type === 'imageSrc')?.src,
    );
    expect(sources).toEqual([
      `https://kindling.example.com${upload}`,
      'https://cdn.example.com/b.png',
    ]);
  });

  it('serves targeting.js as a module to any origin, cached like the tracker files', async () => {
    const response = await get(`/api/tracker/${slug}/targeting.js`);
    expect(response.statusCode).toBe(200);
    // A JavaScript type and CORS: the rules bundles import() it from customers' pages.
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toContain('stale-while-revalidate=600');
    // The matcher, the audience evaluator and the user-agent table, as the default export.
    for (const piece of ['wildcard', 'utm_source', 'Android']) {
      expect(response.body).toContain(piece);
    }
    expect(response.body).toMatch(/export\s*\{[^}]*as default\s*\}/);
  });

  it('answers 404 in the error shape for an unknown team', async () => {
    for (const url of ['/api/tracker/no-such-team.js', '/api/tracker/no-such-team/config.json']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    expect((await get(`/api/tracker/${slug}`)).statusCode).toBe(404);
  });

  it('gives team members the snippet, from PUBLIC_URL', async () => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/tracker/snippet`,
      headers: bearer(owner),
    });
    expect(response.statusCode).toBe(200);
    const base = `https://kindling.example.com/api/tracker/${slug}`;
    const preload = `<link rel="preload" href="${base}/config.json" as="fetch" crossorigin>`;
    expect(response.json()).toEqual({
      html: `${preload}<script src="${base}.js"></script>`,
      mode: 'sync',
    });
    const snippet = (query: string) =>
      t.current.app.inject({
        method: 'GET',
        url: `/api/team/${slug}/tracker/snippet${query}`,
        headers: bearer(owner),
      });
    const async = (await snippet('?mode=async')).json<{ html: string; mode: string }>();
    expect(async.mode).toBe('async');
    expect(async.html.startsWith(`${preload}<script>!function(d,l,s,h,k){`)).toBe(true);
    // Loads the tracker without blocking, and lifts its hiding after a second whatever happens.
    expect(async.html).toContain(`k.src="${base}.js";k.async=!0;`);
    expect(async.html).toContain('setTimeout(function(){s.remove()},1000)');
    expect(async.html).toContain('requestAnimationFrame(function(){window.kindlingPainted=1})');
    expect(async.html).not.toMatch(/<script src=/);
    expectFieldError(await snippet('?mode=defer'), 'mode', SNIPPET_MODE_MESSAGE);
    const stranger = await signUp(t.current.app, 'Eve');
    const foreign = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/tracker/snippet`,
      headers: bearer(stranger),
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await get(`/api/team/${slug}/tracker/snippet`);
    expect(anonymous.statusCode).toBe(401);
  });
});

describeEachDatabase('the tracker snippet without PUBLIC_URL', (kind) => {
  const t = useTestApp(kind, { PUBLIC_URL: undefined });

  it("takes the request's origin", async () => {
    const owner = await signUp(t.current.app);
    const slug = await createTeam(t.current.app, owner, 'Origin Team');
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/tracker/snippet`,
      headers: { ...bearer(owner), host: 'ab.internal.example:8080' },
    });
    expect(response.json().html).toContain(
      `<script src="http://ab.internal.example:8080/api/tracker/${slug}.js"></script>`,
    );
  });
});
