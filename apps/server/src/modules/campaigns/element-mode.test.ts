import { ELEMENT_MODE_MESSAGES } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { funnelCampaign, textElement } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { insertRollups } from '../../../test/stats-fixture';
import { snapshotTables } from '../../../test/table-snapshot';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

interface Served {
  id: number;
  elements: { id: number; bucketWith?: number; variants: { id: number; with?: number }[] }[];
}

// Issue 35: a campaign whose elements change together serves whole pages; the choice is
// checked on create and save and kept once the campaign has visitors.
describeEachDatabase('elements changed together', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let slug: string;

  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${slug}${path}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });
  const create = (body: object) => call('POST', '/campaign/create', { ...body, isEnabled: true });

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Linda Linked');
    slug = await createTeam(t.current.app, owner, 'Linked Team');
  });

  it('serves the button with the headline: each of its variants names its partner', async () => {
    // The headline (the lead) has two variants, the button one.
    const created = await create({ ...funnelCampaign('Together'), meta: { linkedElements: true } });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const config = await t.current.app.inject({ url: `/api/tracker/${slug}/config.json` });
    const served = config.json<{ campaigns: Served[] }>().campaigns.find((c) => c.id === id)!;
    const [headline, button] = served.elements;
    expect(headline!.bucketWith).toBeUndefined();
    expect(button!.bucketWith).toBe(headline!.id);
    expect(button!.variants.map((variant) => variant.with)).toEqual([headline!.variants[0]!.id]);
  });

  it('serves elements tested on their own with their own draws', async () => {
    const created = await create(funnelCampaign('Separate'));
    const { id } = created.json<{ id: number }>();
    const config = await t.current.app.inject({ url: `/api/tracker/${slug}/config.json` });
    const served = config.json<{ campaigns: Served[] }>().campaigns.find((c) => c.id === id)!;
    expect(served.elements.every((element) => element.bucketWith === undefined)).toBe(true);
  });

  it('refuses an element with more variants than the lead, storing nothing', async () => {
    const before = await snapshotTables(t.current.services.db, ['campaigns', 'variants']);
    const refused = await create({
      ...funnelCampaign('Beyond'),
      meta: { linkedElements: true },
      elements: [textElement(-1, 'h1', ['Grow 3x']), textElement(-2, '#cta', ['Buy', 'Buy now'])],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(ELEMENT_MODE_MESSAGES.beyondLead('“#cta”', 2, 1));
    expect(await snapshotTables(t.current.services.db, ['campaigns', 'variants'])).toEqual(before);
  });

  it('lets the choice change before visitors, and keeps it once they came', async () => {
    const { id } = (await create(funnelCampaign('Switch'))).json<{ id: number }>();
    const saved = (await call('GET', `/campaign/by-id?id=${id}`)).json<{
      meta: Record<string, unknown>;
      elements: { id: number }[];
    }>();
    const linkedBody = { ...saved, meta: { ...saved.meta, linkedElements: true } };
    const early = await call('POST', '/campaign/save', linkedBody);
    expect(early.statusCode, early.body).toBe(200);

    await insertRollups(t.current, id, [
      { hour: '2026-11-01T10:00:00Z', elementId: saved.elements[0]!.id, arm: 0, visitors: 3 },
    ]);
    const before = await snapshotTables(t.current.services.db, ['campaigns']);
    const late = await call('POST', '/campaign/save', saved);
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).message).toBe(ELEMENT_MODE_MESSAGES.locked);
    expect(await snapshotTables(t.current.services.db, ['campaigns'])).toEqual(before);
    // Positive control: a save that keeps the choice goes through.
    const kept = await call('POST', '/campaign/save', { ...linkedBody, name: 'Switch, renamed' });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('lets a later element gain variants up to the first’s count, and no further', async () => {
    const created = await create({ ...funnelCampaign('Growing'), meta: { linkedElements: true } });
    const { id } = created.json<{ id: number }>();
    const saved = (await call('GET', `/campaign/by-id?id=${id}`)).json<{
      elements: { id: number }[];
    }>();
    const [headline, button] = saved.elements;
    const add = (elementId: number, value: string) =>
      call('POST', '/campaign/add-variants', {
        campaignId: id,
        elementId,
        variants: [
          { id: -1, key: value, type: 'text', isEnabled: true, info: { value, styles: [] } },
        ],
      });
    expect((await add(button!.id, 'Buy today')).statusCode).toBe(200);
    const before = await snapshotTables(t.current.services.db, ['variants']);
    const refused = await add(button!.id, 'Buy it now');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(ELEMENT_MODE_MESSAGES.beyondLead('“#cta”', 3, 2));
    expect(await snapshotTables(t.current.services.db, ['variants'])).toEqual(before);
    // The first element may always grow; then the button may follow.
    expect((await add(headline!.id, 'Grow faster')).statusCode).toBe(200);
    expect((await add(button!.id, 'Buy it now')).statusCode).toBe(200);
  });
});
