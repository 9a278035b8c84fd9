import { finalRollupHoursBefore } from '@kindling/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { createStatsCampaign, insertRollups, type StatsFixture } from '../../../test/stats-fixture';
import { useTestApp } from '../../../test/test-app';
import { createFinalIntervalCache } from './final-interval-cache';
import { statsIntervals } from './intervals';
import { mergeRanges, readIntervalRows } from './read-interval-rows';
import type { BucketRow } from './repo';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('mergeRanges', () => {
  it('joins consecutive ranges and keeps gaps apart', () => {
    expect(
      mergeRanges(
        [
          { start: 0, end: 2 },
          { start: 2, end: 3 },
          { start: 5, end: 6 },
        ],
        16,
      ),
    ).toEqual([
      { start: 0, end: 3 },
      { start: 5, end: 6 },
    ]);
  });

  it('past the limit, spans the closest neighbours first', () => {
    expect(
      mergeRanges(
        [
          { start: 0, end: 1 },
          { start: 10, end: 11 },
          { start: 12, end: 13 },
          { start: 30, end: 31 },
        ],
        2,
      ),
    ).toEqual([
      { start: 0, end: 13 },
      { start: 30, end: 31 },
    ]);
  });
});

/** Rows comparable whatever order they were read in. */
const sorted = (rows: BucketRow[]) =>
  [...rows].sort(
    (a, b) =>
      a.bucket - b.bucket || a.elementId - b.elementId || a.arm - b.arm || a.goalId - b.goalId,
  );

describeEachDatabase('stats rows of final hours', (kind) => {
  const t = useTestApp(kind);
  let f: StatsFixture;
  const now = Date.now();
  const finalBefore = finalRollupHoursBefore(now);
  const lastHour = Math.floor(now / HOUR_MS) * HOUR_MS;
  /** Five days to the end of the current hour: final days, then the open day and a half. */
  const range = { start: new Date(lastHour - 5 * DAY_MS), end: new Date(lastHour + HOUR_MS) };

  const read = (
    cache: ReturnType<typeof createFinalIntervalCache>,
    granularity: 'day' | 'hour',
    from = range.start,
  ) => {
    const intervals = statsIntervals({
      start: from.getTime(),
      end: range.end.getTime(),
      granularity,
      timezone: 'UTC',
    })!;
    return readIntervalRows(
      { db: t.current.services.db, cache, now },
      {
        teamId,
        campaignId: f.campaignId,
        start: from,
        end: range.end,
        intervals,
        goalIds: [f.signup],
      },
    );
  };
  let teamId = 0;

  beforeAll(async () => {
    f = await createStatsCampaign(t.current.app, 'Final hours');
    teamId = (
      await t.current.services.db
        .selectFrom('campaigns')
        .select('teamId')
        .where('id', '=', f.campaignId)
        .executeTakeFirstOrThrow()
    ).teamId;
    const hours = Array.from({ length: 5 * 24 + 1 }, (_, i) => lastHour - i * HOUR_MS);
    await insertRollups(
      t.current,
      f.campaignId,
      hours.flatMap((hour, i) => [
        {
          hour: new Date(hour).toISOString(),
          elementId: f.headline.id,
          arm: i % 3 === 0 ? 0 : f.headline.a,
          exposures: i + 1,
          visitors: 1,
        },
        {
          hour: new Date(hour).toISOString(),
          elementId: f.headline.id,
          arm: 0,
          goalId: f.signup,
          goalSessions: i % 2,
        },
      ]),
    );
  });

  it('answers the same rows from the cache as from the database, days and hours', async () => {
    const cache = createFinalIntervalCache({ maxRows: 100_000 });
    const uncached = createFinalIntervalCache({ maxRows: 0 });
    for (const granularity of ['day', 'hour'] as const) {
      const expected = sorted(await read(uncached, granularity));
      expect(expected.length).toBeGreaterThan(0);
      expect(sorted(await read(cache, granularity))).toEqual(expected);
      expect(sorted(await read(cache, granularity))).toEqual(expected);
    }
  });

  it('keeps a day clipped to its last hour apart from that hour, whatever the clock says', async () => {
    const cache = createFinalIntervalCache({ maxRows: 100_000 });
    const uncached = createFinalIntervalCache({ maxRows: 0 });
    // 23:00 UTC of a final day: the day interval holds that one hour, as the hour interval does.
    const lastHourOfADay = new Date(
      Math.floor(range.start.getTime() / DAY_MS) * DAY_MS + DAY_MS + 23 * HOUR_MS,
    );
    for (const granularity of ['day', 'hour'] as const) {
      const expected = sorted(await read(uncached, granularity, lastHourOfADay));
      expect(expected.length).toBeGreaterThan(0);
      expect(sorted(await read(cache, granularity, lastHourOfADay))).toEqual(expected);
    }
  });

  it('reads cached hours scattered among missing ones through merged spans, once each', async () => {
    const cache = createFinalIntervalCache({ maxRows: 100_000 });
    const expected = sorted(await read(createFinalIntervalCache({ maxRows: 0 }), 'hour'));
    // Every other final hour cached alone: more gaps than separate ranges are read.
    for (let hour = range.start.getTime(); hour < finalBefore; hour += 2 * HOUR_MS) {
      const rows = await readIntervalRows(
        { db: t.current.services.db, cache, now },
        {
          teamId,
          campaignId: f.campaignId,
          start: new Date(hour),
          end: new Date(hour + HOUR_MS),
          intervals: [{ start: hour, end: hour + HOUR_MS }],
          goalIds: [f.signup],
        },
      );
      expect(rows.length).toBeGreaterThan(0);
    }
    expect(sorted(await read(cache, 'hour'))).toEqual(expected);
  });

  it('reads final days once, open hours and a moved partial first day every time', async () => {
    const cache = createFinalIntervalCache({ maxRows: 100_000 });
    const before = sorted(await read(cache, 'day'));
    const control = (row: BucketRow) => row.arm === 0 && row.goalId === 0;
    const finalDay = before.find(
      (row) =>
        control(row) && row.bucket >= range.start.getTime() && row.bucket + DAY_MS <= finalBefore,
    )!;
    const today = before.find((row) => control(row) && row.bucket + DAY_MS > lastHour)!;
    const extra = (hour: number) => ({
      hour: new Date(hour).toISOString(),
      elementId: f.headline.id,
      arm: 0,
      shard: 1,
      exposures: 1000,
    });
    // Written straight to the table: collect refuses events this old, so only a test can.
    await insertRollups(t.current, f.campaignId, [
      extra(finalDay.bucket + 2 * HOUR_MS),
      extra(lastHour),
    ]);
    const after = sorted(await read(cache, 'day'));
    const same = (row: BucketRow) => (other: BucketRow) =>
      other.bucket === row.bucket && other.arm === row.arm && other.goalId === row.goalId;
    expect(after.find(same(finalDay))!.exposures).toBe(finalDay.exposures);
    expect(after.find(same(today))!.exposures).toBe(today.exposures + 1000);
    // A range starting mid-day reads that partial day from the database.
    const fromMidDay = new Date(finalDay.bucket + HOUR_MS);
    const partial = sorted(await read(cache, 'day', fromMidDay)).find(same(finalDay))!;
    expect(partial.exposures).toBe(finalDay.exposures - firstHourExposures(finalDay) + 1000);
  });

  /** The exposures of the control in the first hour of a day, as inserted above. */
  function firstHourExposures(day: BucketRow): number {
    const i = Math.round((lastHour - day.bucket) / HOUR_MS);
    return i % 3 === 0 ? i + 1 : 0;
  }
});
