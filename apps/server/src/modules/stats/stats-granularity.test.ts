import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  createStatsCampaign,
  insertRollups,
  postStats,
  type Stats,
  type StatsFixture,
} from '../../../test/stats-fixture';
import { useTestApp } from '../../../test/test-app';

// Every granularity, grouped by SQL in the zone, against hand-computed interval starts. Views
// of the headline's control, one distinct count per rollup hour so each lands visibly.

const z = (iso: string) => new Date(iso).toISOString();

/** Rollup hour (UTC) -> exposures. Local times are Berlin unless named. */
const HOURS: Record<string, number> = {
  '2026-03-28T22:00Z': 1, // 28 Mar 23:00 CET
  '2026-03-28T23:00Z': 2, // 29 Mar 00:00 CET
  '2026-03-29T00:00Z': 3, // 01:00 CET; 02:00 does not exist
  '2026-03-29T01:00Z': 4, // 03:00 CEST
  '2026-03-29T03:00Z': 5, // 05:00
  '2026-03-29T04:00Z': 6, // 06:00
  '2026-03-29T16:00Z': 7, // 18:00
  '2026-03-29T21:00Z': 8, // 23:00
  '2026-03-29T22:00Z': 9, // 30 Mar 00:00
  '2026-10-24T22:00Z': 10, // 25 Oct 00:00 CEST
  '2026-10-25T00:00Z': 11, // 02:00 CEST
  '2026-10-25T01:00Z': 12, // 02:00 CET, the repeated hour
  '2026-10-25T22:00Z': 13, // 23:00 CET
  '2026-10-25T23:00Z': 14, // 26 Oct 00:00
  '2026-05-01T18:00Z': 15, // Kolkata 1 May 23:30
  '2026-05-01T19:00Z': 16, // Kolkata 2 May 00:30
  '2026-09-06T03:00Z': 17, // Santiago 5 Sep 23:00 (-04); its 6 Sep starts at 01:00 (-03)
  '2026-09-06T04:00Z': 18, // Santiago 6 Sep 01:00, the day's first hour
};

describeEachDatabase('campaign stats per granularity', (kind) => {
  const t = useTestApp(kind);
  let f: StatsFixture;
  /** [interval start, end, views of the headline's control] of each interval. */
  const views = async (body: Record<string, unknown>) => {
    const response = await postStats(t.current, f, {
      id: f.campaignId,
      timezone: 'Europe/Berlin',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const s = response.json<Stats>();
    const control = s.elements[f.headline.id]!.variants.control!;
    return s.intervals.map(({ start, end }) => [
      start,
      end,
      control.timeSeries.values[start]!.discrete.views,
    ]);
  };

  beforeAll(async () => {
    f = await createStatsCampaign(t.current.app, 'Granularity');
    await insertRollups(
      t.current,
      f.campaignId,
      Object.entries(HOURS).map(([hour, exposures]) => ({
        hour,
        elementId: f.headline.id,
        arm: 0,
        exposures,
      })),
    );
  });

  it('hour: the 25 hours of the fall-back day, the repeated 02:00 twice', async () => {
    const answer = await views({
      granularity: 'hour',
      range: { start: '2026-10-25T00:00:00+02:00', end: '2026-10-26T00:00:00+01:00' },
    });
    expect(answer).toHaveLength(25);
    expect(answer[0]).toEqual([z('2026-10-24T22:00Z'), z('2026-10-24T23:00Z'), 10]);
    expect(answer[2]).toEqual([z('2026-10-25T00:00Z'), z('2026-10-25T01:00Z'), 11]);
    expect(answer[3]).toEqual([z('2026-10-25T01:00Z'), z('2026-10-25T02:00Z'), 12]);
    expect(answer[24]).toEqual([z('2026-10-25T22:00Z'), z('2026-10-25T23:00Z'), 13]);
  });

  it('day: 23 hours in spring, 25 in autumn', async () => {
    expect(
      await views({
        granularity: 'day',
        range: { start: '2026-10-25T00:00:00+02:00', end: '2026-10-26T00:00:00+01:00' },
      }),
    ).toEqual([[z('2026-10-24T22:00Z'), z('2026-10-25T23:00Z'), 46]]);
    expect(
      await views({
        granularity: 'day',
        range: { start: '2026-03-29T00:00:00+01:00', end: '2026-03-30T00:00:00+02:00' },
      }),
    ).toEqual([[z('2026-03-28T23:00Z'), z('2026-03-29T22:00Z'), 35]]);
  });

  it('quarterDay: 00-05 local has 5 hours on the spring day', async () => {
    expect(
      await views({
        granularity: 'quarterDay',
        range: { start: '2026-03-29T00:00:00+01:00', end: '2026-03-30T00:00:00+02:00' },
      }),
    ).toEqual([
      [z('2026-03-28T23:00Z'), z('2026-03-29T04:00Z'), 14],
      [z('2026-03-29T04:00Z'), z('2026-03-29T10:00Z'), 6],
      [z('2026-03-29T10:00Z'), z('2026-03-29T16:00Z'), 0],
      [z('2026-03-29T16:00Z'), z('2026-03-29T22:00Z'), 15],
    ]);
  });

  it('week: Monday to Monday, the first week starting before the range', async () => {
    expect(
      await views({
        granularity: 'week',
        range: { start: '2026-03-01T00:00:00+01:00', end: '2026-04-01T00:00:00+02:00' },
      }),
    ).toEqual([
      [z('2026-02-22T23:00Z'), z('2026-03-01T23:00Z'), 0],
      [z('2026-03-01T23:00Z'), z('2026-03-08T23:00Z'), 0],
      [z('2026-03-08T23:00Z'), z('2026-03-15T23:00Z'), 0],
      [z('2026-03-15T23:00Z'), z('2026-03-22T23:00Z'), 0],
      [z('2026-03-22T23:00Z'), z('2026-03-29T22:00Z'), 36],
      [z('2026-03-29T22:00Z'), z('2026-04-05T22:00Z'), 9],
    ]);
  });

  it('month and quarter: local calendar boundaries across both DST changes', async () => {
    const year = { start: '2026-01-01T00:00:00+01:00', end: '2027-01-01T00:00:00+01:00' };
    const months = await views({ granularity: 'month', range: year });
    expect(months).toHaveLength(12);
    expect(months[2]).toEqual([z('2026-02-28T23:00Z'), z('2026-03-31T22:00Z'), 45]);
    expect(months[4]).toEqual([z('2026-04-30T22:00Z'), z('2026-05-31T22:00Z'), 31]);
    expect(months[9]).toEqual([z('2026-09-30T22:00Z'), z('2026-10-31T23:00Z'), 60]);
    expect(await views({ granularity: 'quarter', range: year })).toEqual([
      [z('2025-12-31T23:00Z'), z('2026-03-31T22:00Z'), 45],
      [z('2026-03-31T22:00Z'), z('2026-06-30T22:00Z'), 31],
      [z('2026-06-30T22:00Z'), z('2026-09-30T22:00Z'), 35],
      [z('2026-09-30T22:00Z'), z('2026-12-31T23:00Z'), 60],
    ]);
  });

  it('year: two local years, the longest range allowed', async () => {
    expect(
      await views({
        granularity: 'year',
        range: { start: '2025-01-01T00:00:00+01:00', end: '2027-01-01T00:00:00+01:00' },
      }),
    ).toEqual([
      [z('2024-12-31T23:00Z'), z('2025-12-31T23:00Z'), 0],
      [z('2025-12-31T23:00Z'), z('2026-12-31T23:00Z'), 171],
    ]);
  });

  it('a half-hour zone: each rollup hour goes to the local day its UTC start falls in', async () => {
    expect(
      await views({
        granularity: 'day',
        timezone: 'Asia/Kolkata',
        range: { start: '2026-05-01T00:00:00+05:30', end: '2026-05-03T00:00:00+05:30' },
      }),
    ).toEqual([
      [z('2026-04-30T18:30Z'), z('2026-05-01T18:30Z'), 15],
      [z('2026-05-01T18:30Z'), z('2026-05-02T18:30Z'), 16],
    ]);
  });

  it('a zone whose midnight is skipped: the day starts at its first hour', async () => {
    expect(
      await views({
        granularity: 'day',
        timezone: 'America/Santiago',
        range: { start: '2026-09-05T00:00:00-04:00', end: '2026-09-07T00:00:00-03:00' },
      }),
    ).toEqual([
      [z('2026-09-05T04:00Z'), z('2026-09-06T04:00Z'), 17],
      [z('2026-09-06T04:00Z'), z('2026-09-07T03:00Z'), 18],
    ]);
  });
});
