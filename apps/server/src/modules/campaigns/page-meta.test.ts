import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAGE_META_MESSAGES } from '@kindling/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

// Campaign meta (spec section 3): the page meta the editor reports is validated by the domain
// schema, stored with the campaign, and its favicon is fetched once and kept as a data: address.

let site: Server;
let origin: string;
let png: Buffer;
const served: string[] = [];

beforeAll(async () => {
  png = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: 180, g: 83, b: 9 } },
  })
    .png()
    .toBuffer();
  site = createServer((request, response) => {
    served.push(request.url ?? '');
    if (request.url === '/icon.png' || request.url === '/other.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else if (request.url === '/big.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64 * 1024, 1));
    } else if (request.url === '/icon.svg') {
      response.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg></svg>');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => site.close(resolve)));

/** The address people typed (an IP host is not a valid campaign URL); the site is on loopback. */
const LAMP_URL = 'https://lamps.example.com/lamp';

const pageMeta = (extra: object = {}) => ({
  title: 'Lumen Desk Lamp',
  description: 'A warm desk lamp',
  canonicalUrl: `${origin}/lamp`,
  faviconUrl: `${origin}/icon.png`,
  lang: 'en-GB',
  requestedUrl: `${origin}/lamp`,
  finalUrl: `${origin}/lamp`,
  stats: { htmlBytes: 2048, elementCount: 40, loadMs: 320 },
  ...extra,
});

interface Saved {
  id: number;
  name: string;
  meta: Record<string, unknown>;
}
interface Summary {
  id: number;
  pageTitle: string | null;
  favicon: string | null;
}

describeEachDatabase('campaign page meta', (kind) => {
  const t = useTestApp(kind, { PREVIEW_ALLOW_HOSTS: ['127.0.0.1'] });
  let owner: Account;
  let slug: string;

  const api = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${slug}/campaign${path}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });
  const byId = async (id: number) => (await api('GET', `/by-id?id=${id}`)).json<Saved>();
  const list = async () => (await api('GET', '/by-team')).json<Summary[]>();
  const create = (meta: object) =>
    api('POST', '/create', { name: 'Lamp page', ingestedUrl: LAMP_URL, meta });
  const pngData = () => `data:image/png;base64,${png.toString('base64')}`;

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Meta Team');
  });

  it('stores the meta with the favicon fetched as a data: address; the list shows both', async () => {
    const created = await create(pageMeta({ popupClicks: ['#close'] }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const saved = await byId(id);
    expect(saved.meta).toEqual({ ...pageMeta({ popupClicks: ['#close'] }), favicon: pngData() });
    const row = (await list()).find((summary) => summary.id === id);
    expect(row).toMatchObject({ pageTitle: 'Lumen Desk Lamp', favicon: pngData() });
  });

  it('refuses bad meta with the field named, writing nothing', async () => {
    const before = await list();
    const cases: [object, string][] = [
      [pageMeta({ faviconUrl: 'javascript:alert(1)' }), PAGE_META_MESSAGES.url('faviconUrl')],
      [pageMeta({ finalUrl: 'not an address' }), PAGE_META_MESSAGES.url('finalUrl')],
      [pageMeta({ favicon: 'data:text/html;base64,PGI+' }), PAGE_META_MESSAGES.favicon],
    ];
    for (const [meta, message] of cases) {
      const refused = await create(meta);
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(errorOf(refused))).toContain(message);
    }
    const badStats = await create(
      pageMeta({ stats: { htmlBytes: -1, elementCount: 1, loadMs: 1 } }),
    );
    expect(badStats.statusCode).toBe(400);
    expect(await list()).toEqual(before);
  });

  it('keeps no favicon that is too large, not a raster image or not there', async () => {
    for (const icon of ['/big.png', '/icon.svg', '/missing.ico']) {
      const created = await create(pageMeta({ faviconUrl: `${origin}${icon}` }));
      expect(created.statusCode, created.body).toBe(201);
      const saved = await byId(created.json<{ id: number }>().id);
      expect(saved.meta.faviconUrl).toBe(`${origin}${icon}`);
      expect(saved.meta.favicon).toBeUndefined();
    }
  });

  it('save writes the fresh meta: a kept favicon stays, a new icon address is fetched', async () => {
    const { id } = (await create(pageMeta())).json<{ id: number }>();
    const stored = await byId(id);
    const save = (meta: object) =>
      api('POST', '/save', { id, name: 'Lamp page', ingestedUrl: LAMP_URL, meta });

    served.length = 0;
    const fresh = pageMeta({
      title: 'Lumen Desk Lamp, now in oak',
      stats: { htmlBytes: 4096, elementCount: 44, loadMs: 210 },
      favicon: stored.meta.favicon,
    });
    expect((await save(fresh)).statusCode).toBe(200);
    expect((await byId(id)).meta).toEqual(fresh);
    expect(served).toEqual([]);

    const moved = pageMeta({ faviconUrl: `${origin}/other.png` });
    expect((await save(moved)).statusCode).toBe(200);
    expect((await byId(id)).meta).toEqual({ ...moved, favicon: pngData() });
    expect(served).toEqual(['/other.png']);

    // An icon address that is gone takes the stored favicon with it.
    const { faviconUrl: _gone, ...noIcon } = pageMeta();
    expect((await save({ ...noIcon, favicon: pngData() })).statusCode).toBe(200);
    expect((await byId(id)).meta).toEqual(noIcon);
  });
});
