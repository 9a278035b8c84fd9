import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { createStatsCampaign, postStats } from '../../../test/stats-fixture';
import { useTestApp } from '../../../test/test-app';
import { FOLD_AFTER_MS, foldRollupShards } from './fold-rollups';

const HOUR = 3_600_000;

describeEachDatabase('folding rollup shards', (kind) => {
  const t = useTestApp(kind);

  it('keeps every count of a past hour in one row, and leaves the last hours alone', async () => {
    const f = await createStatsCampaign(t.current.app, 'Fold');
    const now = Date.now();
    const past = new Date(Math.floor((now - 5 * HOUR) / HOUR) * HOUR);
    const recent = new Date(Math.floor(now / HOUR) * HOUR);
    const row = (hour: Date, shard: number, counts: Record<string, number | number[]>) => ({
      campaignId: f.campaignId,
      hour,
      elementId: f.headline.id,
      arm: f.headline.a,
      goalId: 0,
      shard,
      ...counts,
    });
    await t.current.services.db
      .insertInto('rollupsHourly')
      .values([
        row(past, 0, { exposures: 1, visitors: 1, revenue: 0.5, appliedMsHistogram: [1] }),
        row(past, 3, { exposures: 2, sessions: 2, applied: 2, appliedMsHistogram: [0, 2, 1] }),
        row(past, 5, { exposures: 4, missed: 1, revenue: 2, appliedMsHistogram: [3, 0] }),
        row(recent, 2, { exposures: 8 }),
        row(recent, 6, { exposures: 16 }),
        { ...row(past, 0, { goalSessions: 1 }), goalId: f.purchase },
        { ...row(past, 7, { goalSessions: 3, conversions: 1 }), goalId: f.purchase },
      ])
      .execute();
    const stats = () =>
      postStats(t.current, f, {
        id: f.campaignId,
        range: {
          start: new Date(past.getTime() - HOUR).toISOString(),
          end: new Date(recent.getTime() + HOUR).toISOString(),
        },
        timezone: 'UTC',
        granularity: 'hour',
      }).then((response) => response.json<unknown>());
    const before = await stats();

    const folded = await foldRollupShards(t.current.services.db, {
      before: new Date(now - FOLD_AFTER_MS),
    });

    expect(folded).toBe(3);
    const rows = await t.current.services.db
      .selectFrom('rollupsHourly')
      .selectAll()
      .where('campaignId', '=', f.campaignId)
      .orderBy('hour')
      .orderBy('goalId')
      .orderBy('shard')
      .execute();
    expect(
      rows.map((r) => ({
        hour: new Date(r.hour).getTime(),
        goalId: r.goalId,
        shard: r.shard,
        counts: [
          r.exposures,
          r.visitors,
          r.sessions,
          r.goalSessions,
          r.conversions,
          r.applied,
          r.missed,
          r.revenue,
        ].map(Number),
        histogram: r.appliedMsHistogram.map(Number),
      })),
    ).toEqual([
      {
        hour: past.getTime(),
        goalId: 0,
        shard: 0,
        counts: [7, 1, 2, 0, 0, 2, 1, 2.5],
        histogram: [4, 2, 1],
      },
      {
        hour: past.getTime(),
        goalId: f.purchase,
        shard: 0,
        counts: [0, 0, 0, 4, 1, 0, 0, 0],
        histogram: [],
      },
      {
        hour: recent.getTime(),
        goalId: 0,
        shard: 2,
        counts: [8, 0, 0, 0, 0, 0, 0, 0],
        histogram: [],
      },
      {
        hour: recent.getTime(),
        goalId: 0,
        shard: 6,
        counts: [16, 0, 0, 0, 0, 0, 0, 0],
        histogram: [],
      },
    ]);
    expect(await stats()).toEqual(before);
  });
});
