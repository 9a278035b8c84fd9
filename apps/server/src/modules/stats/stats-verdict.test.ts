import {
  CAMPAIGN_INPUT_MESSAGES,
  type ElementStats,
  type MetricDefinition,
} from '@kindling/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { clickGoal, textElement } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { insertRollups, type RollupInsert } from '../../../test/stats-fixture';
import { getTrackingShapes } from '../campaigns/get-tracking-shapes';
import { snapshotTables } from '../../../test/table-snapshot';
import {
  addMember,
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

// Issue 29: the verdict is the domain's, returned by the API per element, planned from the
// campaign's method and MDE and corrected by the team's setting.

const RANGE = { start: '2026-04-01T00:00:00Z', end: '2026-04-08T00:00:00Z' };
const HOUR = '2026-04-01T10:00Z';

interface Answer {
  elements: Record<string, ElementStats>;
  metrics: MetricDefinition[];
}

describeEachDatabase('campaign stats: verdicts', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let team: string;

  const api = (method: 'GET' | 'POST', url: string, payload?: object, account = owner) =>
    t.current.app.inject({
      method,
      url: `/api/team/${team}${url}`,
      headers: bearer(account),
      ...(payload ? { payload } : {}),
    });
  const stats = async (id: number): Promise<Answer> => {
    const response = await api('POST', '/campaign/stats', {
      id,
      range: RANGE,
      timezone: 'UTC',
      granularity: 'day',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Answer>();
  };
  const campaign = async (id: number) =>
    (await api('GET', `/campaign/by-id?id=${id}`)).json<{
      elements: { id: number; variants: { id: number }[] }[];
      goals: { id: number; metricRole: string | null }[];
      statsMethod: string;
      minimumDetectableEffect: number;
    }>();

  /**
   * A headline with variants A and B (B paused), the purchase goal and a refund guardrail; the
   * original 5,000/250 purchases, A 5,000/300, and the refunds given.
   */
  async function pausedVariantCampaign(
    name: string,
    plan: object,
    refunds: [original: number, a: number] = [50, 50],
  ) {
    const headline = textElement(-1, 'h1', ['A', 'B']);
    headline.variants[1]!.isEnabled = false;
    const created = await api('POST', '/campaign/create', {
      name,
      ingestedUrl: 'shop.example.com/landing',
      elements: [headline],
      goals: [
        clickGoal(-20, 'purchase'),
        { ...clickGoal(-21, 'refund'), metricRole: 'guardrail', lowerIsBetter: true },
      ],
      ...plan,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const saved = await campaign(id);
    const element = saved.elements[0]!;
    const [purchase, refund] = saved.goals;
    const arm = (variant: number, visitors: number, bought: number, refunded: number) => [
      { hour: HOUR, elementId: element.id, arm: variant, exposures: visitors, visitors },
      {
        hour: HOUR,
        elementId: element.id,
        arm: variant,
        goalId: purchase!.id,
        goalVisitors: bought,
      },
      {
        hour: HOUR,
        elementId: element.id,
        arm: variant,
        goalId: refund!.id,
        goalVisitors: refunded,
      },
    ];
    const rows: RollupInsert[] = [
      ...arm(0, 5000, 250, refunds[0]),
      ...arm(element.variants[0]!.id, 5000, 300, refunds[1]),
    ];
    await insertRollups(t.current, id, rows);
    return { id, element, a: element.variants[0]!.id, b: element.variants[1]!.id };
  }

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Vera Verdict');
    team = await createTeam(t.current.app, owner, 'Verdict Team');
  });

  it('leaves a variant paused throughout out of SRM and the family, and calls the winner at the plan', async () => {
    // Fixed horizon, MDE 50%: the plan at a 5% rate is 1,470 visitors an arm, reached.
    const c = await pausedVariantCampaign('Paused B', {
      statsMethod: 'fixed',
      minimumDetectableEffect: 0.5,
    });
    const s = await stats(c.id);
    const element = s.elements[String(c.element.id)]!;
    expect(element.srm).toMatchObject({ flagged: false, pValue: 1 });
    expect(element.variants[String(c.b)]).toMatchObject({ paused: true, significance: null });
    const a = element.variants[String(c.a)]!.significance!;
    expect(a.adjustedPValue).toBe(a.pValue);
    // θ̂ = ln 1.2, V = 0.95/250 + 0.94/300: z = 2.18958, p = 0.028552.
    expect(a.pValue).toBeCloseTo(0.028552, 5);
    expect(element.plan).toMatchObject({ method: 'fixed', minimumDetectableEffect: 0.5 });
    expect(element.plan.plannedPerArm).toBeLessThan(5000);
    expect(element.verdict).toEqual({
      state: 'winner',
      variantId: c.a,
      method: 'fixed',
      metricId: null,
      visitorsNeeded: null,
      summary:
        'Variant 1 converts 20% more often than the original (95% interval +2% to +41%). It is safe to ship.',
    });
    expect(s.metrics.map((metric) => [metric.name, metric.role])).toEqual([
      ['purchase', 'primary'],
      ['refund', 'guardrail'],
    ]);
    expect(element.comparisons.map((c) => [c.metricId, c.variantId])).toEqual([
      [String(s.metrics[0]!.id), c.a],
      [String(s.metrics[1]!.id), c.a],
    ]);
  });

  it('turns the winner into guardrail_harm when it doubles refunds', async () => {
    const c = await pausedVariantCampaign(
      'Harmful A',
      { statsMethod: 'fixed', minimumDetectableEffect: 0.5 },
      [50, 150],
    );
    const { verdict } = (await stats(c.id)).elements[String(c.element.id)]!;
    expect(verdict).toMatchObject({ state: 'guardrail_harm', variantId: c.a });
    expect(verdict.summary).toMatch(
      /but it harms the guardrail refund: Variant 1 converts 200% more often/,
    );
  });

  it('keeps a sequential campaign running where the fixed test would peek a winner', async () => {
    const c = await pausedVariantCampaign('Sequential', {});
    const element = (await stats(c.id)).elements[String(c.element.id)]!;
    expect(element.plan.method).toBe('sequential');
    expect(element.variants[String(c.a)]!.significance).toMatchObject({ significant: false });
    expect(element.verdict.state).toBe('keep_running');
    expect(element.verdict.summary).toMatch(
      /^Keep running: no clear difference yet \(\d+% of the planned visitors\)\.$/,
    );
  });

  it('refuses to change the method once the campaign has visitors, and keeps everything', async () => {
    const c = await pausedVariantCampaign('Locked', { statsMethod: 'fixed' });
    const saved = await campaign(c.id);
    const before = await snapshotTables(t.current.services.db, ['campaigns']);
    const refused = await api('POST', '/campaign/save', { ...saved, statsMethod: 'sequential' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(CAMPAIGN_INPUT_MESSAGES.methodLocked);
    expect(await snapshotTables(t.current.services.db, ['campaigns'])).toEqual(before);
    // Positive control: the MDE may change, and leaving the method out keeps it.
    const { statsMethod: _kept, ...rest } = saved;
    const changed = await api('POST', '/campaign/save', { ...rest, minimumDetectableEffect: 0.2 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await campaign(c.id)).toMatchObject({
      statsMethod: 'fixed',
      minimumDetectableEffect: 0.2,
    });
  });

  it('lets the method change before any visitor, and refuses an MDE out of range', async () => {
    const created = await api('POST', '/campaign/create', {
      name: 'Fresh',
      ingestedUrl: 'shop.example.com/landing',
      elements: [textElement(-1, 'h1', ['A'])],
      goals: [clickGoal(-20, 'purchase')],
    });
    const saved = await campaign(created.json<{ id: number }>().id);
    expect(saved).toMatchObject({ statsMethod: 'sequential', minimumDetectableEffect: 0.1 });
    const fixed = await api('POST', '/campaign/save', { ...saved, statsMethod: 'fixed' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    for (const minimumDetectableEffect of [0, 0.001, 5, 'ten']) {
      const bad = await api('POST', '/campaign/save', { ...saved, minimumDetectableEffect });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).message).toContain(CAMPAIGN_INPUT_MESSAGES.minimumDetectableEffect);
    }
  });

  it('counts a guardrail goal beside the funnel, never as one of its steps', async () => {
    const created = await api('POST', '/campaign/create', {
      name: 'Guardrail first',
      ingestedUrl: 'shop.example.com/landing',
      elements: [textElement(-1, 'h1', ['A'])],
      goals: [
        { ...clickGoal(-20, 'error'), metricRole: 'guardrail', lowerIsBetter: true },
        clickGoal(-21, 'signup'),
        clickGoal(-22, 'purchase'),
        { ...clickGoal(-23, 'newsletter'), metricRole: 'secondary' },
      ],
    });
    const id = created.json<{ id: number }>().id;
    const saved = await campaign(id);
    const [error, signup, purchase, newsletter] = saved.goals;
    expect(saved.goals.map((goal) => goal.metricRole)).toEqual([
      'guardrail',
      null,
      null,
      'secondary',
    ]);
    const shapes = await getTrackingShapes(
      { db: t.current.services.db, config: t.current.services.config },
      { campaignIds: [id] },
    );
    expect(shapes.get(id)!.funnel).toEqual([signup!.id, purchase!.id]);
    expect([...shapes.get(id)!.goals].sort()).toEqual(
      [error!.id, signup!.id, purchase!.id, newsletter!.id].sort(),
    );
  });

  describe('the team correction', () => {
    it('is set by an owner, read by the stats, refused to members and bad values', async () => {
      const c = await pausedVariantCampaign('Corrected', {});
      const member = await signUp(t.current.app, 'Mo Member');
      await addMember(t.current.app, { owner, slug: team, member });
      const bad = await api('POST', '/stats-settings', { correction: 'bonferroni' });
      expect(bad.statusCode).toBe(400);
      const byMember = await api(
        'POST',
        '/stats-settings',
        { correction: 'benjamini-hochberg' },
        member,
      );
      expect(byMember.statusCode).toBe(403);
      expect((await stats(c.id)).elements[String(c.element.id)]!.plan.correction).toBe('holm');
      const set = await api('POST', '/stats-settings', { correction: 'benjamini-hochberg' });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json<{ team: { statsCorrection: string } }>().team.statsCorrection).toBe(
        'benjamini-hochberg',
      );
      expect((await stats(c.id)).elements[String(c.element.id)]!.plan.correction).toBe(
        'benjamini-hochberg',
      );
    });
  });
});
