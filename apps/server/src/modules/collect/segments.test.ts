import { randomUUID } from 'node:crypto';
import { MAX_SEGMENT_VALUES } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { funnelCampaign } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, createTeam, signUp, useTestApp } from '../../../test/test-app';
import { foldRollupShards } from './fold-rollups';

// Issue 29, "SRM that explains itself": each new visitor is counted once per dimension of its
// coarse class (browser family and device type from the User-Agent header, new or returning
// and the referrer's host from the tracker), never with the header or the full referrer.

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describeEachDatabase('POST /api/collect: segment counts', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  let campaignId: number;
  let headline: { id: number; variants: number[] };
  let button: { id: number; variants: number[] };
  const now = Date.now();

  beforeAll(async () => {
    const owner = await signUp(t.current.app);
    const slug = await createTeam(t.current.app, owner, 'Segment Team');
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: funnelCampaign('Segments'),
    });
    campaignId = created.json<{ id: number }>().id;
    const campaign = (
      await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${slug}/campaign/by-id?id=${campaignId}`,
        headers: bearer(owner),
      })
    ).json<{ elements: { id: number; variants: { id: number }[] }[] }>();
    const [h, b] = campaign.elements.map((e) => ({
      id: e.id,
      variants: e.variants.map((v) => v.id),
    }));
    headline = h!;
    button = b!;
  });

  const exposure = (visitorId: string, arm: number | 'control', extra: object = {}) => ({
    id: randomUUID(),
    campaignId,
    visitorId,
    sessionId: `${visitorId}-s`,
    ts: now,
    url: 'https://shop.example.com/landing',
    type: 'exposure',
    assignments: { [headline.id]: arm, [button.id]: 'control' },
    applied: {},
    ...extra,
  });
  const post = async (agent: string, events: object[]) => {
    const response = await t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'user-agent': agent, 'content-type': 'application/json' },
      payload: JSON.stringify({ events }),
    });
    expect(response.statusCode, response.body).toBe(202);
  };
  /** The headline's counts as `arm dimension=value: visitors`, the shards added up. */
  const counts = async (dimension?: string) => {
    let query = t.current.services.db
      .selectFrom('exposureSegments')
      .select(['arm', 'dimension', 'value'])
      .select((eb) => eb.fn.sum<string>('visitors').as('visitors'))
      .where('campaignId', '=', campaignId)
      .where('elementId', '=', headline.id);
    if (dimension) query = query.where('dimension', '=', dimension as 'referrer');
    const rows = await query.groupBy(['arm', 'dimension', 'value']).execute();
    return Object.fromEntries(
      rows.map((row) => [`${row.arm} ${row.dimension}=${row.value}`, Number(row.visitors)]),
    );
  };

  it('counts each new visitor once per dimension of its class, by the sender’s user agent', async () => {
    const a = headline.variants[0]!;
    await post(SAFARI_IPHONE, [
      exposure('v1', 'control', { referrer: 'WWW.Google.com:443', returning: false }),
      // The same visitor again: not a new visitor, not counted again.
      exposure('v1', 'control', { referrer: 'news.example.org', returning: true }),
      exposure('v2', a, { returning: true }),
    ]);
    await post(CHROME_DESKTOP, [
      // From the page's own site: direct; an older tracker sends neither field.
      exposure('v3', a, { referrer: 'shop.example.com', returning: false }),
      exposure('v4', 'control'),
    ]);
    expect(await counts()).toEqual({
      '0 browser=safari': 1,
      '0 device=phone': 1,
      '0 platform=safari/phone': 1,
      '0 visitor=new': 1,
      '0 referrer=www.google.com': 1,
      '0 browser=chrome': 1,
      '0 device=desktop': 1,
      '0 platform=chrome/desktop': 1,
      '0 visitor=(unknown)': 1,
      '0 referrer=(unknown)': 1,
      [`${a} browser=safari`]: 1,
      [`${a} device=phone`]: 1,
      [`${a} platform=safari/phone`]: 1,
      [`${a} visitor=returning`]: 1,
      [`${a} referrer=(direct)`]: 2,
      [`${a} browser=chrome`]: 1,
      [`${a} device=desktop`]: 1,
      [`${a} platform=chrome/desktop`]: 1,
      [`${a} visitor=new`]: 1,
    });
    // The button's control got the same four visitors.
    const button0 = await t.current.services.db
      .selectFrom('exposureSegments')
      .select((eb) => eb.fn.sum<string>('visitors').as('visitors'))
      .where('campaignId', '=', campaignId)
      .where('elementId', '=', button.id)
      .where('dimension', '=', 'browser')
      .executeTakeFirstOrThrow();
    expect(Number(button0.visitors)).toBe(4);
  });

  it(`names at most ${MAX_SEGMENT_VALUES} referrer hosts a campaign, the rest as (other)`, async () => {
    const before = await counts('referrer');
    const events = Array.from({ length: MAX_SEGMENT_VALUES + 5 }, (_, i) =>
      exposure(`flood-${i}`, 'control', { referrer: `site-${i}.example`, returning: false }),
    );
    await post(CHROME_DESKTOP, events);
    const after = await counts('referrer');
    const named = Object.keys(after).filter((key) => /referrer=site-/.test(key));
    // google.com from the first test holds one of the slots.
    expect(named).toHaveLength(MAX_SEGMENT_VALUES - 1);
    expect(after['0 referrer=(other)']).toBe(6);
    expect(before['0 referrer=(other)']).toBeUndefined();
    const hosts = await t.current.services.db
      .selectFrom('campaignSegmentValues')
      .select('value')
      .where('campaignId', '=', campaignId)
      .where('dimension', '=', 'referrer')
      .execute();
    expect(hosts).toHaveLength(MAX_SEGMENT_VALUES);
    // A known host still counts by name once the list is full.
    await post(CHROME_DESKTOP, [
      exposure('late', 'control', { referrer: 'www.google.com', returning: true }),
    ]);
    expect((await counts('referrer'))['0 referrer=www.google.com']).toBe(2);
    // Never a raw user agent or a full referrer in the table.
    const values = await t.current.services.db
      .selectFrom('exposureSegments')
      .select('value')
      .distinct()
      .execute();
    for (const { value } of values) expect(value).toMatch(/^(\([a-z]+\)|[a-z0-9./-]+)$/);
  });

  it('folds the shards of past hours, keeping every count', async () => {
    const before = await counts();
    await foldRollupShards(t.current.services.db, { before: new Date(now + 7_200_000) });
    const shards = await t.current.services.db
      .selectFrom('exposureSegments')
      .select('shard')
      .distinct()
      .where('campaignId', '=', campaignId)
      .execute();
    expect(shards).toEqual([{ shard: 0 }]);
    expect(await counts()).toEqual(before);
  });
});
