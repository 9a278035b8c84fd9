import { elementSignificance, type ElementCounts } from '@kindling/domain';

/** The engine on each element alone: each element's variants are one family. */
const significanceOfElements = ({ elements }: { elements: ElementCounts[] }) => ({
  elements: elements.map((element) => elementSignificance(element)),
});
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  base,
  createStatsCampaign,
  insertRollups,
  postStats,
  type Stats,
  type StatsFixture,
} from '../../../test/stats-fixture';
import { useTestApp } from '../../../test/test-app';

// Hand-computed fixture around the start of summer time in Berlin (2026-03-29, 23 hours).
// Local days of the range: 28 Mar [27T23Z, 28T23Z), 29 Mar [28T23Z, 29T22Z), 30 Mar [29T22Z,
// 30T22Z). H = headline (control, a, b), B = button (control, v); goal P = purchase (the
// conversion goal), S = signup.

const RANGE = { start: '2026-03-28T00:00:00+01:00', end: '2026-03-31T00:00:00+02:00' };
const DAY1 = '2026-03-27T23:00:00.000Z';
const DAY2 = '2026-03-28T23:00:00.000Z';
const DAY3 = '2026-03-29T22:00:00.000Z';

describeEachDatabase('POST /api/team/{team}/campaign/stats', (kind) => {
  const t = useTestApp(kind);
  let f: StatsFixture;
  const stats = async (body: Record<string, unknown>) => {
    const response = await postStats(t.current, f, {
      id: f.campaignId,
      range: RANGE,
      timezone: 'Europe/Berlin',
      granularity: 'day',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Stats>();
  };

  beforeAll(async () => {
    f = await createStatsCampaign(t.current.app, 'Stats');
    const { headline: h, button: b, purchase: P, signup: S } = f;
    await insertRollups(t.current, f.campaignId, [
      // 28 Mar 23:00 local, split over two shards.
      {
        hour: '2026-03-28T22:00Z',
        elementId: h.id,
        arm: 0,
        exposures: 6,
        visitors: 5,
        sessions: 5,
        revenue: 2,
      },
      {
        hour: '2026-03-28T22:00Z',
        elementId: h.id,
        arm: 0,
        shard: 1,
        exposures: 4,
        visitors: 3,
        sessions: 4,
        revenue: 3,
      },
      {
        hour: '2026-03-28T22:00Z',
        elementId: h.id,
        arm: 0,
        goalId: P,
        goalSessions: 1,
        goalVisitors: 1,
        conversions: 1,
      },
      // 29 Mar 00:00 local.
      {
        hour: '2026-03-28T23:00Z',
        elementId: h.id,
        arm: 0,
        exposures: 20,
        visitors: 10,
        sessions: 12,
      },
      {
        hour: '2026-03-28T23:00Z',
        elementId: h.id,
        arm: 0,
        goalId: P,
        goalSessions: 4,
        // Four sessions, two of them one visitor's: three visitors.
        goalVisitors: 3,
        conversions: 3,
      },
      {
        hour: '2026-03-28T23:00Z',
        elementId: h.id,
        arm: 0,
        goalId: S,
        goalSessions: 6,
        goalVisitors: 5,
      },
      {
        hour: '2026-03-28T23:00Z',
        elementId: h.id,
        arm: h.a,
        exposures: 30,
        visitors: 20,
        sessions: 25,
        revenue: 12.5,
      },
      {
        hour: '2026-03-28T23:00Z',
        elementId: b.id,
        arm: 0,
        exposures: 25,
        visitors: 15,
        sessions: 18,
      },
      {
        hour: '2026-03-28T23:00Z',
        elementId: b.id,
        arm: b.v,
        exposures: 25,
        visitors: 15,
        sessions: 18,
      },
      // 29 Mar 23:00 local (summer time): still the 29th.
      {
        hour: '2026-03-29T21:00Z',
        elementId: h.id,
        arm: 0,
        exposures: 5,
        visitors: 2,
        sessions: 3,
      },
      {
        hour: '2026-03-29T21:00Z',
        elementId: h.id,
        arm: h.a,
        goalId: P,
        goalSessions: 6,
        goalVisitors: 5,
        conversions: 6,
      },
      // 30 Mar 00:00 local.
      {
        hour: '2026-03-29T22:00Z',
        elementId: h.id,
        arm: 0,
        exposures: 7,
        visitors: 4,
        sessions: 5,
      },
      // Outside the range on both sides.
      { hour: '2026-03-27T22:00Z', elementId: h.id, arm: 0, exposures: 100, visitors: 100 },
      { hour: '2026-03-30T22:00Z', elementId: h.id, arm: 0, exposures: 100, visitors: 100 },
    ]);
  });

  it('answers the intervals, each arm per day and the totals, from the rollups in the range', async () => {
    const s = await stats({});
    expect(s).toMatchObject({ id: f.campaignId, timezone: 'Europe/Berlin', granularity: 'day' });
    expect(s.range).toEqual({ start: DAY1, end: '2026-03-30T22:00:00.000Z' });
    expect(s.intervals).toEqual([
      { start: DAY1, end: DAY2 },
      { start: DAY2, end: DAY3 },
      { start: DAY3, end: '2026-03-30T22:00:00.000Z' },
    ]);
    const control = s.elements[f.headline.id]!.variants.control!;
    expect(control).toMatchObject({ id: 'control', control: true, significance: null });
    expect(control.timeSeries.start).toBe(DAY1);
    expect(control.timeSeries.values[DAY1]!.discrete).toMatchObject(
      base(10, 8, 9, { conversions: 1, funnelConversions: 1, revenue: 5 }),
    );
    expect(control.timeSeries.values[DAY2]!.discrete).toMatchObject(
      base(25, 12, 15, { conversions: 4, funnelConversions: 3 }),
    );
    expect(control.timeSeries.values[DAY3]!.discrete).toMatchObject(base(7, 4, 5));
    const total = base(42, 24, 29, { conversions: 5, funnelConversions: 4, revenue: 5 });
    expect(control.timeSeries.values[DAY3]!.cumulative).toMatchObject(total);
    expect(control.overall.discrete).toMatchObject(total);
    expect(control.overall.cumulative).toMatchObject(total);
  });

  it('compares each variant with its control: discrete, cumulative, zero denominators', async () => {
    const s = await stats({});
    const a = s.elements[f.headline.id]!.variants[f.headline.a]!;
    expect(a).toMatchObject({ id: f.headline.a, control: false });
    expect(a.overall.discrete.rawConversionsPerView).toEqual({
      value: 0.2,
      benchmark: 5 / 42,
      improvement: expect.closeTo(0.68, 12) as number,
    });
    const day2 = a.timeSeries.values[DAY2]!;
    expect(day2.discrete.rawConversionsPerView.improvement).toBeCloseTo(0.25, 12);
    expect(day2.discrete.conversionsPerSession).toMatchObject({ value: 0.24, benchmark: 0.2 });
    expect(day2.discrete.conversionsPerSession.improvement).toBeCloseTo(0.2, 12);
    expect(day2.cumulative.rawConversionsPerView.benchmark).toBeCloseTo(1 / 7, 12);
    expect(day2.cumulative.rawConversionsPerView.improvement).toBeCloseTo(0.4, 12);
    // No views or sessions: every ratio is 0; against a control with conversions, -100%.
    const day1 = a.timeSeries.values[DAY1]!.discrete;
    expect(day1.rawConversionsPerView).toEqual({ value: 0, benchmark: 0.1, improvement: -1 });
    expect(day1.conversionsPerSession).toEqual({ value: 0, benchmark: 1 / 9, improvement: -1 });
    // Both zero: no benchmark, improvement 0.
    expect(a.timeSeries.values[DAY3]!.discrete.rawConversionsPerView).toEqual({
      value: 0,
      benchmark: 0,
      improvement: 0,
    });
    const b = s.elements[f.headline.id]!.variants[f.headline.b]!;
    expect(b.overall.discrete).toMatchObject(base(0, 0, 0));
    expect(b.overall.discrete.revenuePerSession).toEqual({
      value: 0,
      benchmark: 5 / 29,
      improvement: -1,
    });
  });

  it('counts the campaign once, by its element with the most views, with potential and original', async () => {
    const s = await stats({});
    expect(s.overall.discrete).toMatchObject(
      base(72, 44, 54, { conversions: 11, funnelConversions: 10, revenue: 17.5 }),
    );
    const raw = s.overall.discrete.rawConversionsPerView;
    expect(raw).toMatchObject({ value: 11 / 72, benchmark: 0, improvement: 0, potential: 0.1 });
    expect(raw.original).toBeCloseTo(5 / 84, 12);
    expect(raw.potentialImprovement).toBeCloseTo((0.1 - 5 / 84) / (5 / 84), 12);
    expect(s.overall.cumulative).toEqual(s.overall.discrete);
    expect(s.timeSeries.values[DAY2]!.discrete).toMatchObject(
      base(55, 32, 40, { conversions: 10, funnelConversions: 9, revenue: 12.5 }),
    );
    expect(s.timeSeries.values[DAY3]!.cumulative).toMatchObject(
      base(72, 44, 54, { conversions: 11, funnelConversions: 10, revenue: 17.5 }),
    );
    expect(s.goals).toEqual([
      { id: f.signup, isConversionGoal: false, counted: false },
      { id: f.purchase, isConversionGoal: true, counted: true },
    ]);
    expect(s.benchmark).toBeNull();
  });

  it('tests each variant with the engine: converted of exposed visitors, SRM per element', async () => {
    const s = await stats({});
    // Converted visitors of the purchase, not its sessions or funnel completions (6 for a).
    const expected = significanceOfElements({
      elements: [
        {
          control: { visitors: 24, conversions: 4 },
          variants: [
            { visitors: 20, conversions: 5 },
            { visitors: 0, conversions: 0 },
          ],
        },
        { control: { visitors: 15, conversions: 0 }, variants: [{ visitors: 15, conversions: 0 }] },
      ],
    });
    const h = s.elements[f.headline.id]!;
    expect(h.srm).toEqual(expected.elements[0]!.srm);
    expect(h.variants[f.headline.a]!.significance).toEqual(expected.elements[0]!.variants[0]);
    expect(h.variants[f.headline.a]!.significance).toMatchObject({ enoughData: false });
    expect(s.elements[f.button.id]!.variants[f.button.v]!.significance).toEqual(
      expected.elements[1]!.variants[0],
    );
  });

  it('with goalId counts the sessions that reached that goal, and its visitors for significance', async () => {
    const s = await stats({ goalId: f.signup });
    const control = s.elements[f.headline.id]!.variants.control!;
    expect(control.overall.discrete).toMatchObject(
      base(42, 24, 29, { conversions: 6, funnelConversions: 6, revenue: 5 }),
    );
    expect(control.timeSeries.values[DAY2]!.discrete.conversions).toBe(6);
    expect(s.elements[f.headline.id]!.variants[f.headline.a]!.overall.discrete.conversions).toBe(0);
    expect(s.goals.map((goal) => goal.counted)).toEqual([true, false]);
    const expected = significanceOfElements({
      elements: [
        {
          control: { visitors: 24, conversions: 5 },
          variants: [
            { visitors: 20, conversions: 0 },
            { visitors: 0, conversions: 0 },
          ],
        },
        { control: { visitors: 15, conversions: 0 }, variants: [{ visitors: 15, conversions: 0 }] },
      ],
    });
    expect(s.elements[f.headline.id]!.variants[f.headline.a]!.significance).toEqual(
      expected.elements[0]!.variants[0],
    );
  });

  it('with compareRange benchmarks each arm and the campaign against the other period', async () => {
    const s = await stats({
      range: { start: '2026-03-29T00:00:00+01:00', end: '2026-03-30T00:00:00+02:00' },
      compareRange: { start: '2026-03-28T00:00:00+01:00', end: '2026-03-29T00:00:00+01:00' },
    });
    expect(s.intervals).toEqual([{ start: DAY2, end: DAY3 }]);
    const control = s.elements[f.headline.id]!.variants.control!;
    expect(control.overall.discrete.rawConversionsPerView).toMatchObject({
      value: 0.16,
      benchmark: 0.1,
    });
    expect(control.overall.discrete.rawConversionsPerView.improvement).toBeCloseTo(0.6, 12);
    expect(control.timeSeries.values[DAY2]!.discrete.rawConversionsPerView.benchmark).toBe(0.1);
    const a = s.elements[f.headline.id]!.variants[f.headline.a]!;
    expect(a.overall.discrete.rawConversionsPerView).toEqual({
      value: 0.2,
      benchmark: 0,
      improvement: 0,
    });
    const raw = s.overall.discrete.rawConversionsPerView;
    expect(raw).toMatchObject({ value: 10 / 55, benchmark: 0.1 });
    expect(raw.improvement).toBeCloseTo((10 / 55 - 0.1) / 0.1, 12);
    expect(s.benchmark).toMatchObject({
      range: { start: DAY1, end: DAY2 },
      intervals: [{ start: DAY1, end: DAY2 }],
      overall: { discrete: base(10, 8, 9, { conversions: 1, funnelConversions: 1, revenue: 5 }) },
    });
    expect(s.benchmark!.timeSeries.start).toBe(DAY1);
  });
});
