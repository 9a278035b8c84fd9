import { MINIMUM_VISITORS_PER_ARM, type CampaignStats } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  createStatsCampaign,
  insertRollups,
  postStats,
  type RollupInsert,
  type StatsFixture,
} from '../../../test/stats-fixture';
import { useTestApp } from '../../../test/test-app';

// Below MINIMUM_VISITORS_PER_ARM visitors in a running arm the answer claims nothing about the
// element: its `comparisons` are left out (docs/api.md), however large the difference looks.

const HOUR = 3_600_000;

describeEachDatabase('comparisons below the minimum sample', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let f: StatsFixture;
  const first = Date.UTC(2026, 0, 5, 10);

  /** The headline's arms: [visitors, visitors who purchased], in the hour `at`. */
  const write = (at: number, arms: [number, number][]) =>
    insertRollups(
      t.current,
      f.campaignId,
      arms.flatMap(([visitors, converted], a): RollupInsert[] => {
        const arm = [0, f.headline.a, f.headline.b][a]!;
        const hour = new Date(at).toISOString();
        const element = { hour, elementId: f.headline.id, arm };
        return [
          { ...element, exposures: visitors, visitors, sessions: visitors },
          {
            ...element,
            goalId: f.purchase,
            goalSessions: converted,
            goalVisitors: converted,
            conversions: converted,
          },
        ];
      }),
    );
  const headline = async (hours: number) => {
    const response = await postStats(t.current, f, {
      id: f.campaignId,
      range: {
        start: new Date(first).toISOString(),
        end: new Date(first + hours * HOUR).toISOString(),
      },
      timezone: 'UTC',
      granularity: 'day',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CampaignStats>().elements[String(f.headline.id)]!;
  };

  beforeAll(async () => {
    f = await createStatsCampaign(t.current.app, 'Gating');
    // A glaring difference on 99 visitors an arm in the first hour (one arm short of the
    // minimum), then enough visitors in the second.
    await write(first, [
      [99, 5],
      [120, 60],
      [120, 62],
    ]);
    await write(first + HOUR, [
      [1, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('leaves the comparisons out while a running arm is short, the verdict says why', async () => {
    const short = await headline(1);
    expect(short.variants.control!.overall.cumulative.visitors).toBe(MINIMUM_VISITORS_PER_ARM - 1);
    expect(short.comparisons).toEqual([]);
    expect(short.verdict).toMatchObject({ state: 'not_enough_data', visitorsNeeded: 1 });
  });

  it('gives them once every running arm has the minimum (positive control)', async () => {
    const enough = await headline(2);
    expect(enough.variants.control!.overall.cumulative.visitors).toBe(MINIMUM_VISITORS_PER_ARM);
    expect(enough.comparisons.map((c) => c.variantId)).toEqual([f.headline.a, f.headline.b]);
    for (const comparison of enough.comparisons) {
      expect(comparison.estimate).toBeCloseTo(9, 0);
      expect(comparison.interval).toHaveLength(2);
    }
    // Claimed now, if not yet decided: at 100 visitors the always-valid interval is wide.
    expect(enough.verdict.state).toBe('keep_running');
  });
});
