import { randomUUID } from 'node:crypto';
import {
  MAX_SEGMENT_VALUES,
  SEGMENT_FILTER_MESSAGES,
  type CampaignStats,
  type SegmentValuesAnswer,
} from '@kindling/domain';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  createStatsCampaign,
  headlineFigures,
  postStats,
  type StatsFixture,
} from '../../../test/stats-fixture';
import { bearer, errorOf, useTestApp } from '../../../test/test-app';
import { foldRollupShards } from '../collect/fold-rollups';

// Issue 31, segments by where visitors came from and their country: each visitor keeps the
// referrer, UTM tags and country of its first exposure, and each such segment's results equal
// what its visitors did, whatever their later visits said.

const CHROME_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GEO_HEADER = 'cf-ipcountry';
const HOUR = 3_600_000;
const PAGE = 'https://shop.example.com/landing';

describeEachDatabase('campaign stats by referrer, UTM tag and country', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 1000, GEO_HEADER });
  let f: StatsFixture;
  const at = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR + 60_000;
  const range = {
    start: new Date(at - 24 * HOUR).toISOString(),
    end: new Date(at + 24 * HOUR).toISOString(),
  };

  const event = (visitorId: string, session: number, more: object) => ({
    id: randomUUID(),
    campaignId: f.campaignId,
    visitorId,
    sessionId: `${visitorId}-${session}`,
    ts: at + session * 1000,
    url: PAGE,
    ...more,
  });
  const exposure = (visitorId: string, session: number, arm: number | 'control', more = {}) =>
    event(visitorId, session, {
      type: 'exposure',
      assignments: { [f.headline.id]: arm, [f.button.id]: 'control' },
      applied: {},
      returning: session > 1,
      ...more,
    });
  const post = async (country: string | null, events: object[]) => {
    const response = await t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: {
        'user-agent': CHROME_DESKTOP,
        'content-type': 'application/json',
        ...(country ? { [GEO_HEADER]: country } : {}),
      },
      payload: JSON.stringify({ events }),
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json<{ accepted: number }>().accepted).toBe(events.length);
  };
  const ask = (body: object) =>
    postStats(t.current, f, {
      id: f.campaignId,
      range,
      timezone: 'UTC',
      granularity: 'day',
      ...body,
    });
  /** The headline's arms in the segment, and the segment's name. */
  const figuresOf = async (segment: object) => {
    const response = await ask({ segment });
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json<CampaignStats>();
    const figures = headlineFigures(stats, f);
    return { figures, label: stats.segment?.label };
  };
  const none = '0/0/0/0/0/0';

  beforeAll(async () => {
    f = await createStatsCampaign(t.current.app, 'Sources');
    const { a, b } = f.headline;
    // g1, from Google's ads in France: control, buys for 20.
    await post('fr', [
      exposure('g1', 1, 'control', {
        url: `${PAGE}?utm_source=Google&utm_medium=cpc&utm_campaign=black-friday`,
        referrer: 'www.google.com',
      }),
      event('g1', 1, { type: 'goal', goalId: f.purchase }),
      event('g1', 1, { type: 'revenue', amount: 20 }),
    ]);
    // g2, google again (another spelling) in Germany: variant a, signs up.
    await post('DE', [
      exposure('g2', 1, a, { url: `${PAGE}?utm_source=%20google%20` }),
      event('g2', 1, { type: 'goal', goalId: f.signup }),
    ]);
    // n1, from a news site in France, no tags: variant b. Back later from Bing in the US,
    // spending 7: still a news.example visitor in France without tags.
    await post('FR', [exposure('n1', 1, b, { referrer: 'news.example' })]);
    await post('US', [
      exposure('n1', 2, b, { url: `${PAGE}?utm_source=bing`, referrer: 'www.bing.com' }),
      event('n1', 2, { type: 'revenue', amount: 7 }),
    ]);
    // d1: typed the address, no country header: control, buys.
    await post(null, [
      exposure('d1', 1, 'control'),
      event('d1', 1, { type: 'goal', goalId: f.purchase }),
    ]);
  });

  it('answers each open segment with exactly its visitors’ counts, named for people', async () => {
    const cases: [object, Record<string, string>, string][] = [
      [
        { dimension: 'utm_source', value: 'google' },
        { control: '1/1/1/1/0/20', a: '1/1/1/0/0/0', b: none },
        'utm_source google',
      ],
      [
        { dimension: 'utm_source', value: '(none)' },
        { control: '1/1/1/1/0/0', a: none, b: '2/1/2/0/0/7' },
        'Without utm_source',
      ],
      [
        { dimension: 'utm_source', value: 'bing' },
        { control: none, a: none, b: none },
        'utm_source bing',
      ],
      [
        { dimension: 'utm_medium', value: 'cpc' },
        { control: '1/1/1/1/0/20', a: none, b: none },
        'utm_medium cpc',
      ],
      [
        { dimension: 'utm_campaign', value: 'black-friday' },
        { control: '1/1/1/1/0/20', a: none, b: none },
        'utm_campaign black-friday',
      ],
      [
        { dimension: 'referrer', value: 'news.example' },
        { control: none, a: none, b: '2/1/2/0/0/7' },
        'Visitors from news.example',
      ],
      [
        { dimension: 'referrer', value: '(direct)' },
        { control: '1/1/1/1/0/0', a: '1/1/1/0/0/0', b: none },
        'Direct and internal visits',
      ],
      [
        { dimension: 'country', value: 'FR' },
        { control: '1/1/1/1/0/20', a: none, b: '2/1/2/0/0/7' },
        'Visitors in France',
      ],
      [
        { dimension: 'country', value: 'US' },
        { control: none, a: none, b: none },
        'Visitors in United States',
      ],
      [
        { dimension: 'country', value: '(unknown)' },
        { control: '1/1/1/1/0/0', a: none, b: none },
        'Visitors of unknown country',
      ],
    ];
    for (const [segment, expected, label] of cases) {
      expect(await figuresOf(segment), JSON.stringify(segment)).toEqual({
        figures: expected,
        label,
      });
    }
    // The folded hours answer the same.
    const before = await figuresOf({ dimension: 'country', value: 'FR' });
    await foldRollupShards(t.current.services.db, { before: new Date(at + HOUR) });
    expect(await figuresOf({ dimension: 'country', value: 'FR' })).toEqual(before);
  });

  it('offers the names the campaign keeps: only first visits name them', async () => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${f.slug}/campaign/segment-values?id=${f.campaignId}`,
      headers: bearer(f.owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    const values = Object.fromEntries(
      response
        .json<SegmentValuesAnswer>()
        .dimensions.map((d) => [d.dimension, d.values.map((v) => v.value)]),
    );
    expect(values).toEqual({
      referrer: ['news.example', 'www.google.com', '(direct)', '(other)'],
      utm_source: ['google', '(none)', '(other)'],
      utm_medium: ['cpc', '(none)', '(other)'],
      utm_campaign: ['black-friday', '(none)', '(other)'],
      // By name: France, Germany, United States.
      country: ['FR', 'DE', 'US', '(unknown)'],
    });
  });

  it(`keeps ${MAX_SEGMENT_VALUES} UTM names a campaign and counts the rest as (other)`, async () => {
    const flood = Array.from({ length: MAX_SEGMENT_VALUES + 1 }, (_, i) =>
      exposure(`flood-${i}`, 1, 'control', { url: `${PAGE}?utm_source=site-${i}` }),
    );
    await post('FR', flood);
    const named = await figuresOf({ dimension: 'utm_source', value: 'site-0' });
    expect(named.figures.control).toBe('1/1/1/0/0/0');
    // google took one of the 20 slots: 19 of the flood are named, 2 are (other).
    const other = await figuresOf({ dimension: 'utm_source', value: '(other)' });
    expect(other.figures.control).toBe('2/2/2/0/0/0');
  });

  it('leaves a visitor stored before the open values out of every open segment', async () => {
    // o1 arrives, then its row loses the open values, as rows stored before migration 0043.
    await post(null, [exposure('o1', 1, 'control')]);
    await sql`update campaign_visitors set referrer = null, utm_source = null, utm_medium = null,
      utm_campaign = null, country = null
      where campaign_id = ${f.campaignId} and visitor_id = 'o1'`.execute(t.current.services.db);
    const unknown = await figuresOf({ dimension: 'country', value: '(unknown)' });
    const desktops = await figuresOf({ dimension: 'device', value: 'desktop' });
    await post(null, [event('o1', 1, { type: 'goal', goalId: f.purchase })]);
    // Its purchase counts for desktops (its closed class), and in no open segment.
    expect((await figuresOf({ dimension: 'country', value: '(unknown)' })).figures).toEqual(
      unknown.figures,
    );
    const after = (await figuresOf({ dimension: 'device', value: 'desktop' })).figures;
    expect(after.control).not.toEqual(desktops.figures.control);
  });

  it('refuses an empty or too long value with its sentence', async () => {
    for (const segment of [
      { dimension: 'utm_source', value: '' },
      { dimension: 'country', value: 'x'.repeat(254) },
    ]) {
      const response = await ask({ segment });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(
        SEGMENT_FILTER_MESSAGES.badValue[segment.dimension as 'utm_source' | 'country'],
      );
    }
  });
});
