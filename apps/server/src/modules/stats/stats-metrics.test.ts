import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_METRIC_MESSAGES,
  compareFamily,
  conversionSummary,
  meanSummary,
  mixingVarianceFor,
  mulberry32,
  pairTest,
  ratioSummary,
  welchTest,
  type ElementStats,
  type MetricDefinition,
} from '@kindling/domain';
import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { clickGoal, textElement } from '../../../test/campaign-parts';
import { backfillMetricTotals } from '../../db/migrations/0026-metric-totals';
import { describeEachDatabase } from '../../../test/databases';
import { snapshotTables } from '../../../test/table-snapshot';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

// Issue 29: revenue per visitor (a mean, Welch), revenue per session and a goal per session
// (ratios, the delta method), from real collected events through the rollups' sums of squares.
// The expected figures are computed here from each visitor's own totals, as the events made them.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';
const PAGE = 'https://shop.example.com/landing';
const VISITORS_PER_ARM = 140;

interface VisitorTruth {
  arm: number;
  revenue: number;
  sessions: number;
  signupSessions: number;
}

describeEachDatabase('campaign stats: revenue and per-session metrics', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false, COLLECT_RATE_LIMIT_PER_MINUTE: 10_000 });
  let owner: Account;
  let team: string;
  let campaignId: number;
  let elementId: number;
  let variantId: number;
  let purchase: number;
  let signup: number;
  const truth: VisitorTruth[] = [];

  const api = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, account = owner) =>
    t.current.app.inject({
      method,
      url: `/api/team/${team}${url}`,
      headers: bearer(account),
      ...(payload ? { payload } : {}),
    });
  const collect = async (events: object[]) => {
    const response = await t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: {
        'user-agent': BROWSER,
        'content-type': 'application/json',
        origin: 'https://shop.example.com',
      },
      payload: JSON.stringify({ events }),
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: events.length, duplicates: 0 });
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Rita Revenue');
    team = await createTeam(t.current.app, owner, 'Revenue Team');
    const created = await api('POST', '/campaign/create', {
      name: 'Revenue',
      ingestedUrl: 'shop.example.com/landing',
      elements: [textElement(-1, 'h1', ['Half price'])],
      goals: [clickGoal(-20, 'signup'), clickGoal(-21, 'purchase')],
      statsMethod: 'fixed',
      isEnabled: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    campaignId = created.json<{ id: number }>().id;
    const saved = (await api('GET', `/campaign/by-id?id=${campaignId}`)).json<{
      elements: { id: number; variants: { id: number }[] }[];
      goals: { id: number }[];
    }>();
    elementId = saved.elements[0]!.id;
    variantId = saved.elements[0]!.variants[0]!.id;
    [signup, purchase] = saved.goals.map((goal) => goal.id) as [number, number];
  });

  it('refuses bad metric lists with their messages and changes nothing', async () => {
    const before = await snapshotTables(t.current.services.db, ['campaignMetrics']);
    const cases: [object, string][] = [
      [{ kind: 'goal_per_session', role: 'secondary' }, CAMPAIGN_METRIC_MESSAGES.goalNeeded],
      [
        { kind: 'revenue_per_visitor', goalId: signup, role: 'secondary' },
        CAMPAIGN_METRIC_MESSAGES.goalNotNeeded,
      ],
      [{ kind: 'orders', role: 'secondary' }, CAMPAIGN_METRIC_MESSAGES.kind],
      [
        { kind: 'goal_per_session', goalId: 999_999, role: 'secondary' },
        CAMPAIGN_METRIC_MESSAGES.goalNotFound,
      ],
      [
        { kind: 'revenue_per_session', role: 'secondary', capPercentile: 0.99 },
        CAMPAIGN_METRIC_MESSAGES.capOnlyRevenue,
      ],
      [
        { kind: 'revenue_per_visitor', role: 'secondary', capPercentile: 0.2 },
        CAMPAIGN_METRIC_MESSAGES.cap,
      ],
    ];
    for (const [metric, message] of cases) {
      const response = await api('PUT', '/campaign/metrics', { campaignId, metrics: [metric] });
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(errorOf(response))).toContain(message);
    }
    const twice = { kind: 'revenue_per_visitor', role: 'secondary' };
    const duplicate = await api('PUT', '/campaign/metrics', {
      campaignId,
      metrics: [twice, twice],
    });
    expect(JSON.stringify(errorOf(duplicate))).toContain(CAMPAIGN_METRIC_MESSAGES.duplicate);

    const stranger = await signUp(t.current.app, 'Otto Other');
    const otherTeam = await createTeam(t.current.app, stranger, 'Other Team');
    const foreign = await t.current.app.inject({
      method: 'PUT',
      url: `/api/team/${otherTeam}/campaign/metrics`,
      headers: bearer(stranger),
      payload: { campaignId, metrics: [twice] },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await snapshotTables(t.current.services.db, ['campaignMetrics'])).toEqual(before);
  });

  it('stores the metrics in order, named, on the campaign', async () => {
    const response = await api('PUT', '/campaign/metrics', {
      campaignId,
      metrics: [
        { kind: 'revenue_per_visitor', role: 'secondary' },
        { kind: 'revenue_per_session', role: 'guardrail' },
        { kind: 'goal_per_session', goalId: signup, role: 'secondary' },
        { kind: 'revenue_per_visitor', role: 'secondary', capPercentile: 0.9 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { metrics } = response.json<{ metrics: { name: string; role: string }[] }>();
    expect(metrics.map((metric) => [metric.name, metric.role])).toEqual([
      ['Revenue per visitor', 'secondary'],
      ['Revenue per session', 'guardrail'],
      ['signup per session', 'secondary'],
      ['Revenue per visitor (capped at p90)', 'secondary'],
    ]);
    const campaign = (await api('GET', `/campaign/by-id?id=${campaignId}`)).json<{
      extraMetrics: unknown[];
    }>();
    expect(campaign.extraMetrics).toEqual(response.json<{ metrics: unknown[] }>().metrics);
  });

  it('takes the metrics in the campaign body too, a new goal named by its placeholder', async () => {
    const body = {
      name: 'Body metrics',
      ingestedUrl: 'shop.example.com/landing',
      elements: [textElement(-1, 'h1', ['Half price'])],
      goals: [clickGoal(-20, 'signup'), clickGoal(-21, 'purchase')],
      extraMetrics: [
        { kind: 'goal_per_session', goalId: -20, role: 'guardrail', lowerIsBetter: true },
        { kind: 'revenue_per_visitor', role: 'secondary' },
      ],
    };
    const created = await api('POST', '/campaign/create', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const saved = async () =>
      (await api('GET', `/campaign/by-id?id=${id}`)).json<{
        goals: { id: number }[];
        extraMetrics: { goalId: number | null; name: string; role: string }[];
      }>();
    const first = await saved();
    expect(first.extraMetrics).toMatchObject([
      { goalId: first.goals[0]!.id, name: 'signup per session', role: 'guardrail' },
      { goalId: null, name: 'Revenue per visitor', role: 'secondary' },
    ]);

    const { extraMetrics: _left, ...withoutMetrics } = body;
    const goals = first.goals.map((goal, i) => ({ ...body.goals[i]!, id: goal.id }));
    const unchanged = await api('POST', '/campaign/save', { ...withoutMetrics, goals, id });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect((await saved()).extraMetrics).toEqual(first.extraMetrics);

    const unknownGoal = await api('POST', '/campaign/save', {
      ...withoutMetrics,
      goals,
      id,
      extraMetrics: [{ kind: 'goal_per_session', goalId: -99, role: 'secondary' }],
    });
    expect(unknownGoal.statusCode).toBe(400);
    expect(errorOf(unknownGoal)).toMatchObject({
      fields: { 'extraMetrics.0.goalId': CAMPAIGN_METRIC_MESSAGES.goalNotFound },
    });
    expect((await saved()).extraMetrics).toEqual(first.extraMetrics);
  });

  it('tests each metric on the visitors’ own totals, however their events were batched', async () => {
    const random = mulberry32(29);
    const now = Date.now() - 3_600_000;
    // Each visitor: 1-3 sessions, a sign-up now and then, purchases of a few sizes (the variant
    // sells more), each session its own batch, so totals grow across batches.
    const batches: object[][] = [];
    for (const arm of [0, 1]) {
      for (let v = 0; v < VISITORS_PER_ARM; v++) {
        const visitorId = `v${arm}-${v}`;
        const visitor: VisitorTruth = { arm, revenue: 0, sessions: 0, signupSessions: 0 };
        truth.push(visitor);
        const sessions = 1 + Math.floor(random() * 3);
        for (let s = 0; s < sessions; s++) {
          const sessionId = `${visitorId}-s${s}`;
          const at = now + s * 60_000;
          const base = { campaignId, visitorId, sessionId, url: PAGE };
          const events: object[] = [
            {
              ...base,
              id: randomUUID(),
              ts: at,
              type: 'exposure',
              assignments: { [elementId]: arm === 0 ? 'control' : variantId },
              applied: { [elementId]: 20 },
            },
          ];
          visitor.sessions += 1;
          if (random() < 0.3) {
            events.push({ ...base, id: randomUUID(), ts: at + 1000, type: 'goal', goalId: signup });
            visitor.signupSessions += 1;
          }
          if (random() < (arm === 0 ? 0.2 : 0.35)) {
            const amount = [9, 25, 80][Math.floor(random() * 3)]!;
            events.push(
              { ...base, id: randomUUID(), ts: at + 2000, type: 'goal', goalId: purchase },
              { ...base, id: randomUUID(), ts: at + 2500, type: 'revenue', amount },
            );
            visitor.revenue += amount;
          }
          batches.push(events);
        }
      }
    }
    // Interleaved, so one batch often steps a visitor other batches stepped before.
    for (let i = 0; i < batches.length; i += 40) await collect(batches.slice(i, i + 40).flat());

    const response = await api('POST', '/campaign/stats', {
      id: campaignId,
      range: {
        start: new Date(now - 86_400_000).toISOString(),
        end: new Date(now + 86_400_000).toISOString(),
      },
      timezone: 'UTC',
      granularity: 'day',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{
      elements: Record<string, ElementStats>;
      metrics: MetricDefinition[];
    }>();
    expect(answer.metrics.map((metric) => [metric.name, metric.kind, metric.role])).toEqual([
      ['purchase', 'conversion', 'primary'],
      ['Revenue per visitor', 'mean', 'secondary'],
      ['Revenue per session', 'ratio', 'guardrail'],
      ['signup per session', 'ratio', 'secondary'],
      ['Revenue per visitor (capped at p90)', 'mean', 'secondary'],
    ]);
    const comparisons = answer.elements[String(elementId)]!.comparisons;
    const byName = (name: string) =>
      comparisons.find(
        (c) => c.metricId === answer.metrics.find((metric) => metric.name === name)!.id,
      )!;

    const arms = [0, 1].map((arm) => truth.filter((visitor) => visitor.arm === arm));
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const meanOf = (visitors: VisitorTruth[]) =>
      meanSummary({
        units: visitors.length,
        sum: sum(visitors.map((v) => v.revenue)),
        sumOfSquares: sum(visitors.map((v) => v.revenue ** 2)),
      });
    const ratioOf = (visitors: VisitorTruth[], x: (v: VisitorTruth) => number) =>
      ratioSummary({
        units: visitors.length,
        numerator: { sum: sum(visitors.map(x)), sumOfSquares: sum(visitors.map((v) => x(v) ** 2)) },
        denominator: {
          sum: sum(visitors.map((v) => v.sessions)),
          sumOfSquares: sum(visitors.map((v) => v.sessions ** 2)),
        },
        sumOfProducts: sum(visitors.map((v) => x(v) * v.sessions)),
      });
    const fixed = { method: 'fixed' as const, mixingVariance: mixingVarianceFor(0.1) };

    // Revenue per visitor at fixed horizon is Welch's t-test on the visitors' revenue.
    const welch = welchTest(meanOf(arms[0]!), meanOf(arms[1]!))!;
    const revenue = byName('Revenue per visitor');
    expect(revenue.pValue).toBeCloseTo(welch.pValue, 9);
    expect(revenue.estimate).toBeCloseTo(welch.difference / meanOf(arms[0]!).mean, 9);
    expect(revenue.pValue).toBeLessThan(0.05);

    for (const [name, x] of [
      ['Revenue per session', (v: VisitorTruth) => v.revenue],
      ['signup per session', (v: VisitorTruth) => v.signupSessions],
    ] as const) {
      const expected = pairTest(ratioOf(arms[0]!, x), ratioOf(arms[1]!, x), fixed, 'ratio')!;
      const answered = byName(name);
      expect(answered.pValue, name).toBeCloseTo(expected.pValue, 9);
      expect(answered.estimate, name).toBeCloseTo(expected.estimate, 9);
    }
    // Capped at the 90th percentile of the paying visitors' revenue (PostgreSQL's
    // percentile_cont: linear between the closest ranks), each visitor's total winsorised.
    const paying = truth
      .map((v) => v.revenue)
      .filter((x) => x > 0)
      .sort((a, b) => a - b);
    const rank = 0.9 * (paying.length - 1);
    const cap =
      paying[Math.floor(rank)]! +
      (rank - Math.floor(rank)) * (paying[Math.ceil(rank)]! - paying[Math.floor(rank)]!);
    const capped = (visitors: VisitorTruth[]) =>
      meanOf(visitors.map((v) => ({ ...v, revenue: Math.min(v.revenue, cap) })));
    expect(cap).toBeLessThan(Math.max(...paying));
    const cappedWelch = welchTest(capped(arms[0]!), capped(arms[1]!))!;
    const cappedAnswer = byName('Revenue per visitor (capped at p90)');
    expect(cappedAnswer.pValue).toBeCloseTo(cappedWelch.pValue, 9);
    expect(cappedAnswer.pValue).not.toBeCloseTo(welch.pValue, 4);

    // And the primary is still the purchase conversion of the same visitors.
    const bought = arms.map((visitors) => ({
      visitors: visitors.length,
      conversions: visitors.filter((v) => v.revenue > 0).length,
    }));
    const [primary] = compareFamily(
      [{ control: conversionSummary(bought[0]!), variant: conversionSummary(bought[1]!) }],
      { ...fixed, correction: 'holm' },
    );
    expect(byName('purchase').pValue).toBeCloseTo(primary!.pValue, 9);
  });

  it('backfills the same totals and squares from the stored events (migration 0026)', async () => {
    const db = t.current.services.db;
    const squares = () =>
      db
        .selectFrom('rollupsHourly')
        .where('campaignId', '=', campaignId)
        .select(['elementId', 'arm', 'goalId'])
        .select((eb) => [
          eb.fn.sum<number>('valueSquares').as('valueSquares'),
          eb.fn.sum<number>('valueSessions').as('valueSessions'),
          eb.fn.sum<number>('sessionSquares').as('sessionSquares'),
        ])
        .groupBy(['elementId', 'arm', 'goalId'])
        .orderBy('elementId')
        .orderBy('arm')
        .orderBy('goalId')
        .execute();
    const visitors = () =>
      db
        .selectFrom('campaignVisitors')
        .where('campaignId', '=', campaignId)
        .select(['visitorId', 'revenue', 'sessions'])
        .orderBy('visitorId')
        .execute();
    const collected = { squares: await squares(), visitors: await visitors() };
    expect(collected.squares.some((row) => Number(row.valueSquares) > 0)).toBe(true);
    // As before the migration: no totals, no squares.
    await db.updateTable('campaignVisitors').set({ revenue: 0, sessions: 0 }).execute();
    await db.updateTable('visitorGoals').set({ sessions: 0 }).execute();
    await db
      .updateTable('rollupsHourly')
      .set({ valueSquares: 0, valueSessions: 0, sessionSquares: 0 })
      .execute();
    await backfillMetricTotals(db as unknown as Kysely<unknown>);
    expect(await visitors()).toEqual(collected.visitors);
    const close = (rows: Awaited<ReturnType<typeof squares>>) =>
      rows.map((row) => ({
        key: `${row.elementId}:${row.arm}:${row.goalId}`,
        values: [row.valueSquares, row.valueSessions, row.sessionSquares].map(Number),
      }));
    expect(close(await squares())).toEqual(close(collected.squares));
  });
});
