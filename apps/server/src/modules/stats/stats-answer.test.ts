import { campaignStatsSchema } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  createStatsCampaign,
  insertRollups,
  postStats,
  type StatsFixture,
} from '../../../test/stats-fixture';
import { useTestApp } from '../../../test/test-app';

// The web app parses the stats answer with the domain's campaignStatsSchema: every answer the
// server gives must parse, and unchanged (the schema strips fields it does not know, so a field
// the server adds without adding it to the schema fails here).

describeEachDatabase('the stats answer against the domain schema', (kind) => {
  const t = useTestApp(kind);
  let f: StatsFixture;

  beforeAll(async () => {
    f = await createStatsCampaign(t.current.app, 'Answer');
    const { headline: h, button: b, signup: S, purchase: P } = f;
    const hour = '2026-04-01T10:00Z';
    await insertRollups(t.current, f.campaignId, [
      { hour, elementId: h.id, arm: 0, exposures: 150, visitors: 120, sessions: 130, revenue: 9 },
      { hour, elementId: h.id, arm: 0, goalId: S, goalSessions: 40 },
      { hour, elementId: h.id, arm: 0, goalId: P, goalSessions: 12, conversions: 10 },
      { hour, elementId: h.id, arm: h.a, exposures: 140, visitors: 110, sessions: 115 },
      { hour, elementId: h.id, arm: h.a, goalId: P, goalSessions: 20, conversions: 18 },
      { hour, elementId: b.id, arm: b.v, exposures: 30, visitors: 30, sessions: 30 },
    ]);
  });

  const cases: [string, (fixture: StatsFixture) => Record<string, unknown>][] = [
    ['a plain query', () => ({})],
    ['a chosen goal', (fixture) => ({ goalId: fixture.signup })],
    [
      'a comparison range',
      () => ({ compareRange: { start: '2026-03-25T00:00:00Z', end: '2026-03-28T00:00:00Z' } }),
    ],
    [
      'a range without traffic',
      () => ({ range: { start: '2026-06-01T00:00:00Z', end: '2026-06-02T00:00:00Z' } }),
    ],
  ];

  it.each(cases)('parses the answer to %s', async (_name, more) => {
    const response = await postStats(t.current, f, {
      id: f.campaignId,
      range: { start: '2026-03-28T00:00:00Z', end: '2026-04-03T00:00:00Z' },
      timezone: 'Europe/Berlin',
      granularity: 'day',
      ...more(f),
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer: unknown = response.json();
    const parsed = campaignStatsSchema.safeParse(answer);
    expect(parsed.error).toBeUndefined();
    expect(parsed.data).toEqual(answer);
  });

  it('answers no SRM for a bandit campaign, whose split follows its results', async () => {
    const answerFor = async (type: string) => {
      const campaign = await createStatsCampaign(t.current.app, `SRM ${type}`, { type });
      const { headline: h } = campaign;
      const hour = '2026-04-01T10:00Z';
      await insertRollups(t.current, campaign.campaignId, [
        { hour, elementId: h.id, arm: 0, exposures: 100, visitors: 100 },
        { hour, elementId: h.id, arm: h.a, exposures: 900, visitors: 900 },
        { hour, elementId: h.id, arm: h.b, exposures: 100, visitors: 100 },
      ]);
      const response = await postStats(t.current, campaign, {
        id: campaign.campaignId,
        range: { start: '2026-04-01T00:00:00Z', end: '2026-04-02T00:00:00Z' },
        timezone: 'UTC',
        granularity: 'day',
      });
      return campaignStatsSchema.parse(response.json()).elements[h.id]!.srm;
    };
    expect(await answerFor('multi_armed_bandit')).toBeNull();
    // The same split in an A/B test is flagged (positive control).
    expect(await answerFor('ab_split')).toMatchObject({ flagged: true });
  });
});
