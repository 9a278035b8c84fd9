import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  createStatsCampaign,
  insertRollups,
  postStats,
  type StatsFixture,
} from '../../../test/stats-fixture';
import { bearer, createTeam, signUp, useTestApp } from '../../../test/test-app';

// Issue 35: results report arms as they were served. Changed together, the headline figures
// are the whole-page arms (the first element's); each on its own, the combinations visitors got
// come from their own assignments.

// The last full hour: results start at the campaign's creation.
const HOUR = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
const range = {
  start: new Date(Date.now() - 86_400_000).toISOString(),
  end: new Date(Date.now() + 86_400_000).toISOString(),
};

describeEachDatabase('results by element mode', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });

  /** The headline's original converts 10% of sessions, the button's original 30%. */
  async function campaignWithOriginals(f: StatsFixture) {
    const arm0 = (elementId: number, views: number, conversions: number) => [
      { hour: HOUR, elementId, arm: 0, exposures: views, visitors: views, sessions: views },
      { hour: HOUR, elementId, arm: 0, goalId: f.purchase, goalVisitors: conversions, conversions },
    ];
    await insertRollups(t.current, f.campaignId, [
      ...arm0(f.headline.id, 100, 10),
      ...arm0(f.button.id, 300, 90),
    ]);
  }
  const originalOf = async (f: StatsFixture) => {
    const answer = await postStats(t.current, f, {
      id: f.campaignId,
      range,
      timezone: 'UTC',
      granularity: 'day',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<{
      elementMode: string;
      overall: { cumulative: { conversionsPerSession: { original: number } } };
    }>();
    return {
      mode: body.elementMode,
      original: body.overall.cumulative.conversionsPerSession.original,
    };
  };

  it('changed together: the original is the first element’s, a page visitors saw', async () => {
    const f = await createStatsCampaign(t.current.app, 'Together', {
      meta: { linkedElements: true },
    });
    await campaignWithOriginals(f);
    expect(await originalOf(f)).toEqual({ mode: 'together', original: 0.1 });
  });

  it('each on its own: the blended original, and the answer says it is separate', async () => {
    const f = await createStatsCampaign(t.current.app, 'Separate');
    await campaignWithOriginals(f);
    expect(await originalOf(f)).toEqual({ mode: 'separate', original: 0.2 });
  });

  describe('combinations', () => {
    let f: StatsFixture;
    const visitors: [string, Record<string, number>, boolean][] = [];

    beforeAll(async () => {
      f = await createStatsCampaign(t.current.app, 'Combinations');
      const original = { [f.headline.id]: 0, [f.button.id]: 0 };
      const mixed = { [f.headline.id]: f.headline.a, [f.button.id]: 0 };
      const both = { [f.headline.id]: f.headline.b, [f.button.id]: f.button.v };
      for (let i = 0; i < 6; i += 1) visitors.push([`o${i}`, original, i < 1]);
      for (let i = 0; i < 4; i += 1) visitors.push([`m${i}`, mixed, i < 2]);
      for (let i = 0; i < 2; i += 1) visitors.push([`b${i}`, both, true]);
      const { db } = t.current.services;
      await db
        .insertInto('campaignVisitors')
        .values(
          visitors.map(([visitorId, assignments]) => ({
            campaignId: f.campaignId,
            visitorId,
            firstExposureAt: new Date(HOUR),
            assignments: JSON.stringify(assignments),
          })),
        )
        .execute();
      await db
        .insertInto('visitorGoals')
        .values(
          visitors.flatMap(([visitorId, , converted]) =>
            converted
              ? [
                  {
                    campaignId: f.campaignId,
                    visitorId,
                    goalId: f.purchase,
                    reachedAt: new Date(HOUR),
                  },
                ]
              : [],
          ),
        )
        .execute();
    });

    it('counts each combination’s visitors and conversions, most visited first', async () => {
      const answer = await t.current.app.inject({
        url: `/api/team/${f.slug}/campaign/combinations?id=${f.campaignId}`,
        headers: bearer(f.owner),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({
        goalId: f.purchase,
        more: 0,
        combinations: [
          { assignments: { [f.headline.id]: 0, [f.button.id]: 0 }, visitors: 6, converted: 1 },
          {
            assignments: { [f.headline.id]: f.headline.a, [f.button.id]: 0 },
            visitors: 4,
            converted: 2,
          },
          {
            assignments: { [f.headline.id]: f.headline.b, [f.button.id]: f.button.v },
            visitors: 2,
            converted: 2,
          },
        ],
      });
    });

    it('answers another team 404', async () => {
      const outsider = await signUp(t.current.app, 'Outsider');
      const other = await createTeam(t.current.app, outsider, 'Elsewhere');
      const answer = await t.current.app.inject({
        url: `/api/team/${other}/campaign/combinations?id=${f.campaignId}`,
        headers: bearer(outsider),
      });
      expect(answer.statusCode).toBe(404);
    });
  });
});
