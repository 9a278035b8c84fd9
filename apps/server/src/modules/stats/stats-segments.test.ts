import { randomUUID } from 'node:crypto';
import { SEGMENT_FILTER_MESSAGES, SEGMENT_LEAD_NOTE, type CampaignStats } from '@kindling/domain';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  createStatsCampaign,
  headlineFigures,
  postStats,
  type StatsFixture,
} from '../../../test/stats-fixture';
import { errorOf, useTestApp } from '../../../test/test-app';
import { foldRollupShards } from '../collect/fold-rollups';
import { STATS_MESSAGES } from './stats-query';

// Issue 31, the segment breakdown: events collected from visitors with known user agents and
// new/returning flags, then each segment's results equal what its visitors did. A visitor is
// classed by its first exposure, so its later events count there whatever sends them.

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const HOUR = 3_600_000;

describeEachDatabase('campaign stats by segment', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  let f: StatsFixture;
  let theirs: StatsFixture;
  // Two hours ago: the fold below moves these hours' shards into shard 0.
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
    url: 'https://shop.example.com/landing',
    ...more,
  });
  const exposure = (visitorId: string, session: number, arm: number | 'control', more = {}) =>
    event(visitorId, session, {
      type: 'exposure',
      assignments: { [f.headline.id]: arm, [f.button.id]: 'control' },
      applied: {},
      ...more,
    });
  const goal = (visitorId: string, session: number, goalId: number) =>
    event(visitorId, session, { type: 'goal', goalId });
  const revenue = (visitorId: string, session: number, amount: number) =>
    event(visitorId, session, { type: 'revenue', amount });
  const post = async (agent: string, events: object[]) => {
    const response = await t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'user-agent': agent, 'content-type': 'application/json' },
      payload: JSON.stringify({ events }),
    });
    expect(response.statusCode, response.body).toBe(202);
  };
  const ask = (body: object, as: StatsFixture = f) =>
    postStats(t.current, as, {
      id: as.campaignId,
      range,
      timezone: 'UTC',
      granularity: 'day',
      ...body,
    });
  const statsOf = async (segment?: object) => {
    const response = await ask(segment ? { segment } : {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CampaignStats>();
  };
  const figures = (stats: CampaignStats) => headlineFigures(stats, f);

  beforeAll(async () => {
    f = await createStatsCampaign(t.current.app, 'Segmented');
    theirs = await createStatsCampaign(t.current.app, 'Other');
    const { a, b } = f.headline;
    // Phones: p1 new, control: two sessions (a third below), the funnel in order in the second,
    // 30 of revenue;
    // p2 returning, variant a: signs up.
    await post(SAFARI_IPHONE, [
      exposure('p1', 1, 'control', { returning: false }),
      exposure('p1', 2, 'control', { returning: true }),
      goal('p1', 2, f.signup),
      goal('p1', 2, f.purchase),
      revenue('p1', 2, 30),
      exposure('p2', 1, a, { returning: true }),
      goal('p2', 1, f.signup),
    ]);
    // Desktops: d1 new, control: buys without signing up; d2 returning, variant a; d3 new, b.
    await post(CHROME_DESKTOP, [
      exposure('d1', 1, 'control', { returning: false }),
      goal('d1', 1, f.purchase),
      exposure('d2', 1, a, { returning: true }),
      exposure('d3', 1, b, { returning: false }),
      // p1 again, later, from a desktop: still a phone visitor (classed by its first exposure).
      exposure('p1', 3, 'control', { returning: true }),
      revenue('p1', 3, 5),
    ]);
    // d2's revenue sent by a phone: counts where d2 is, on desktops.
    await post(SAFARI_IPHONE, [revenue('d2', 1, 12)]);
  });

  it('answers every visitor unfiltered, without a segment', async () => {
    const all = await statsOf();
    expect(all.segment).toBeNull();
    expect(figures(all)).toEqual({
      control: '4/2/4/2/1/35',
      a: '2/2/2/0/0/12',
      b: '1/1/1/0/0/0',
    });
  });

  it('answers each device and each visitor type with exactly its visitors’ counts', async () => {
    const cases: [object, Record<string, string>, string][] = [
      [
        { dimension: 'device', value: 'phone' },
        { control: '3/1/3/1/1/35', a: '1/1/1/0/0/0', b: '0/0/0/0/0/0' },
        'Phones',
      ],
      [
        { dimension: 'device', value: 'desktop' },
        { control: '1/1/1/1/0/0', a: '1/1/1/0/0/12', b: '1/1/1/0/0/0' },
        'Desktops',
      ],
      [
        { dimension: 'device', value: 'tablet' },
        { control: '0/0/0/0/0/0', a: '0/0/0/0/0/0', b: '0/0/0/0/0/0' },
        'Tablets',
      ],
      [
        { dimension: 'visitor', value: 'new' },
        { control: '4/2/4/2/1/35', a: '0/0/0/0/0/0', b: '1/1/1/0/0/0' },
        'New visitors',
      ],
      [
        { dimension: 'visitor', value: 'returning' },
        { control: '0/0/0/0/0/0', a: '2/2/2/0/0/12', b: '0/0/0/0/0/0' },
        'Returning visitors',
      ],
      [
        { dimension: 'platform', value: 'safari/phone' },
        { control: '3/1/3/1/1/35', a: '1/1/1/0/0/0', b: '0/0/0/0/0/0' },
        'Safari on phones',
      ],
      [
        { dimension: 'browser', value: 'chrome' },
        { control: '1/1/1/1/0/0', a: '1/1/1/0/0/12', b: '1/1/1/0/0/0' },
        'Chrome',
      ],
    ];
    for (const [segment, expected, label] of cases) {
      const stats = await statsOf(segment);
      expect(figures(stats), JSON.stringify(segment)).toEqual(expected);
      expect(stats.segment).toEqual({ ...segment, label, note: SEGMENT_LEAD_NOTE });
    }
  });

  it('answers the same once the hours are folded', async () => {
    const before = figures(await statsOf({ dimension: 'device', value: 'phone' }));
    const unfolded = await t.current.services.db
      .selectFrom('rollupsHourly')
      .select('shard')
      .where('campaignId', '=', f.campaignId)
      .where('shard', '<>', 0)
      .execute();
    expect(unfolded.length).toBeGreaterThan(0);
    await foldRollupShards(t.current.services.db, { before: new Date(at + HOUR) });
    expect(figures(await statsOf({ dimension: 'device', value: 'phone' }))).toEqual(before);
  });

  it("says a segment's winner is a lead, where every visitor's winner is safe to ship", async () => {
    const lead = await createStatsCampaign(t.current.app, 'Lead');
    const hour = new Date(at - HOUR);
    const arms: [number, number][] = [
      [0, 100],
      [lead.headline.a, 220],
      [lead.headline.b, 100],
    ];
    const rows = arms.flatMap(([arm, buyers]) => [
      { arm, goalId: 0, exposures: 1000, visitors: 1000, sessions: 1000 },
      {
        arm,
        goalId: lead.purchase,
        goalSessions: buyers,
        goalVisitors: buyers,
        conversions: buyers,
      },
    ]);
    const key = { campaignId: lead.campaignId, hour, elementId: lead.headline.id, shard: 0 };
    await t.current.services.db
      .insertInto('rollupsHourly')
      .values(rows.map((row) => ({ ...key, ...row })))
      .execute();
    const classed = { browser: 'safari', device: 'phone', visitor_type: 'new' };
    for (const row of rows) {
      await sql`insert into rollups_segments (campaign_id, hour, element_id, arm, goal_id, shard,
        browser, device, visitor_type, exposures, visitors, sessions, goal_sessions,
        goal_visitors, conversions)
        values (${key.campaignId}, ${hour}, ${key.elementId}, ${row.arm}, ${row.goalId}, 0,
          ${classed.browser}, ${classed.device}, ${classed.visitor_type}, ${row.exposures ?? 0},
          ${row.visitors ?? 0}, ${row.sessions ?? 0}, ${row.goalSessions ?? 0},
          ${row.goalVisitors ?? 0}, ${row.conversions ?? 0})`.execute(t.current.services.db);
    }
    const verdictOf = async (segment?: object) => {
      const response = await ask(segment ? { segment } : {}, lead);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CampaignStats>().elements[String(lead.headline.id)]!.verdict;
    };
    const everyone = await verdictOf();
    expect(everyone.state).toBe('winner');
    expect(everyone.summary).toMatch(/It is safe to ship\.$/);
    const phones = await verdictOf({ dimension: 'device', value: 'phone' });
    expect(phones.state).toBe('winner');
    expect(phones.summary).toBe(
      `${SEGMENT_LEAD_NOTE} ${everyone.summary.replace(' It is safe to ship.', '')}`,
    );
    // Desktops had none of these visitors: nothing to conclude, and said so as usual.
    expect((await verdictOf({ dimension: 'device', value: 'desktop' })).state).toBe(
      'not_enough_data',
    );
  });

  it('refuses an unknown dimension or value with its sentence, computing nothing', async () => {
    const refusals: [unknown, string][] = [
      [{ dimension: 'utm_term', value: 'shoes' }, SEGMENT_FILTER_MESSAGES.badDimension],
      [{ dimension: 'device', value: 'watch' }, SEGMENT_FILTER_MESSAGES.badValue.device],
      [{ dimension: 'visitor', value: '(unknown)' }, SEGMENT_FILTER_MESSAGES.badValue.visitor],
      [{ dimension: 'browser', value: 'phone' }, SEGMENT_FILTER_MESSAGES.badValue.browser],
      [{ dimension: 'platform', value: 'safari' }, SEGMENT_FILTER_MESSAGES.badValue.platform],
      [{ dimension: 'device' }, SEGMENT_FILTER_MESSAGES.badDimension],
    ];
    for (const [segment, message] of refusals) {
      const response = await ask({ segment });
      expect(response.statusCode, JSON.stringify(segment)).toBe(400);
      expect(errorOf(response).message).toBe(message);
    }
    expect(SEGMENT_FILTER_MESSAGES.badValue.device).toBe(
      'a device segment must be one of desktop, phone, tablet',
    );
  });

  it('is described in the OpenAPI document: the filter in, the segment out', async () => {
    const document = (
      await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<{
      paths: Record<string, { post: { requestBody: unknown; responses: Record<string, unknown> } }>;
    }>();
    const route = document.paths['/api/team/{team}/campaign/stats']!.post;
    const body = JSON.stringify(route.requestBody);
    for (const word of ['"segment"', '"dimension"', '"visitor"', '"platform"']) {
      expect(body).toContain(word);
    }
    const answer = JSON.stringify(route.responses['200']);
    for (const word of ['"segment"', '"label"', '"note"']) expect(answer).toContain(word);
  });

  it("answers 404 for another team's campaign filtered, which its owner can read", async () => {
    const segment = { dimension: 'device', value: 'phone' };
    const foreign = await postStats(t.current, f, {
      id: theirs.campaignId,
      range,
      timezone: 'UTC',
      granularity: 'day',
      segment,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe(STATS_MESSAGES.campaignNotFound);
    expect((await ask({ segment }, theirs)).statusCode).toBe(200);
  });
});
