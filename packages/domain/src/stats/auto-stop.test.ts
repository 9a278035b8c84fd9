import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoStopDecision,
  autoStopNotice,
  DECISION_STATES,
  elementFinish,
  type AutoStopElement,
} from './auto-stop';
import { conversionSummary } from './comparison';
import { mixingVarianceFor } from './plan';
import { elementVerdict, VERDICT_STATES, type Verdict, type VerdictState } from './verdict';

const verdict = (state: VerdictState, method: Verdict['method'] = 'sequential'): Verdict => ({
  state,
  method,
  variantId: state === 'winner' ? 2 : null,
  metricId: null,
  summary: `summary of ${state}`,
  visitorsNeeded: null,
});

const element = (overrides: Partial<AutoStopElement> = {}): AutoStopElement => ({
  elementId: 1,
  verdict: verdict('keep_running'),
  plannedPerArm: 10_000,
  smallestArm: 2_000,
  hasRunningVariant: true,
  ...overrides,
});

describe('auto-stop rule', () => {
  it('stops a sequential campaign on a decision before its plan', () => {
    for (const state of DECISION_STATES) {
      const decision = autoStopDecision([element({ verdict: verdict(state) })]);
      expect(decision).toEqual({
        stop: true,
        reason: 'decision',
        elements: [{ elementId: 1, finish: 'decision', summary: `summary of ${state}` }],
      });
    }
  });

  it('never stops before the plan on no answer, nor on a fixed-horizon verdict', () => {
    for (const state of ['keep_running', 'not_enough_data', 'sample_ratio_mismatch'] as const) {
      expect(autoStopDecision([element({ verdict: verdict(state) })])).toEqual({
        stop: false,
        waitingFor: 1,
      });
    }
    // A fixed-horizon verdict before its plan says keep running; were it to say more (read
    // early), stopping on it would be peeking.
    expect(autoStopDecision([element({ verdict: verdict('winner', 'fixed') })]).stop).toBe(false);
  });

  it('stops at the planned sample whatever the verdict says', () => {
    for (const state of VERDICT_STATES) {
      for (const method of ['sequential', 'fixed'] as const) {
        const decision = autoStopDecision([
          element({ verdict: verdict(state, method), smallestArm: 10_000 }),
        ]);
        expect(decision).toMatchObject({ stop: true, reason: 'planned_sample' });
      }
    }
  });

  it('waits for every element, and leaves out elements that serve no variant', () => {
    const done = element({ elementId: 1, verdict: verdict('winner') });
    const running = element({ elementId: 2 });
    const idle = element({ elementId: 3, hasRunningVariant: false });
    expect(autoStopDecision([done, running, idle])).toEqual({ stop: false, waitingFor: 2 });
    const planned = element({ elementId: 2, smallestArm: 12_000 });
    expect(autoStopDecision([done, planned, idle])).toEqual({
      stop: true,
      reason: 'decision',
      elements: [
        { elementId: 1, finish: 'decision', summary: 'summary of winner' },
        { elementId: 2, finish: 'planned_sample', summary: 'summary of keep_running' },
      ],
    });
    expect(autoStopDecision([idle])).toEqual({ stop: false, waitingFor: null });
    expect(autoStopDecision([])).toEqual({ stop: false, waitingFor: null });
  });

  it('has no plan to reach while the plan cannot be set', () => {
    expect(elementFinish(element({ plannedPerArm: null, smallestArm: 1e9 }))).toBeNull();
  });

  it('property: a stop before every plan is reached only ever rests on sequential decisions', () => {
    const arbitraryElement = fc.record({
      elementId: fc.integer({ min: 1, max: 1000 }),
      verdict: fc
        .tuple(fc.constantFrom(...VERDICT_STATES), fc.constantFrom('sequential', 'fixed'))
        .map(([state, method]) => verdict(state, method)),
      plannedPerArm: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
      smallestArm: fc.integer({ min: 0, max: 60_000 }),
      hasRunningVariant: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbitraryElement, { maxLength: 5 }), (elements) => {
        const decision = autoStopDecision(elements);
        if (!decision.stop) return;
        for (const tested of elements.filter((e) => e.hasRunningVariant)) {
          const atPlan =
            tested.plannedPerArm !== null && tested.smallestArm >= tested.plannedPerArm;
          if (atPlan) continue;
          expect(tested.verdict.method).toBe('sequential');
          expect(DECISION_STATES as readonly string[]).toContain(tested.verdict.state);
        }
      }),
    );
  });

  it('stops on the engine’s always-valid winner, not on a promising start', () => {
    const plan = {
      method: 'sequential' as const,
      correction: 'holm' as const,
      minimumDetectableEffect: 0.1,
      mixingVariance: mixingVarianceFor(0.1),
      plannedPerArm: 40_000,
    };
    const decide = (control: number, variant: number, visitors: number) => {
      const counts = [
        { visitors, conversions: control },
        { visitors, conversions: variant },
      ];
      const { verdict: found } = elementVerdict({
        arms: counts.map((arm, a) => ({
          variantId: a === 0 ? null : 7,
          label: a === 0 ? 'The original' : 'Variant 1',
          visitors: arm.visitors,
          paused: false,
        })),
        metrics: [
          {
            definition: {
              id: 'g',
              name: 'Sign-up',
              role: 'primary',
              lowerIsBetter: false,
              kind: 'conversion',
            },
            arms: counts.map(conversionSummary),
          },
        ],
        srmFlagged: false,
        plan,
      });
      return autoStopDecision([
        {
          elementId: 1,
          verdict: found,
          plannedPerArm: plan.plannedPerArm,
          smallestArm: visitors,
          hasRunningVariant: true,
        },
      ]);
    };
    // 10% against 20% on 2,000 visitors each: the always-valid interval is far above 0.
    expect(decide(200, 400, 2_000)).toMatchObject({ stop: true, reason: 'decision' });
    // 10% against 11.5% on 1,000 each: promising, but no answer yet.
    expect(decide(100, 115, 1_000)).toEqual({ stop: false, waitingFor: 1 });
  });
});

describe('auto-stop notice', () => {
  it('says why and carries each element’s summary and a link to the results', () => {
    const notice = autoStopNotice({
      campaignName: 'Lamp headline',
      campaignId: 12,
      decision: {
        stop: true,
        reason: 'decision',
        elements: [{ elementId: 1, finish: 'decision', summary: 'Variant 1 converts better.' }],
      },
    });
    expect(notice).toEqual({
      title: 'Lamp headline stopped by itself',
      body: 'Auto-stop switched the campaign off: its results reached an always-valid decision.\n\nVariant 1 converts better.',
      teamPath: '/campaign/12',
    });
  });

  it('keeps within the notification limits', () => {
    const notice = autoStopNotice({
      campaignName: 'x'.repeat(255),
      campaignId: 1,
      decision: {
        stop: true,
        reason: 'planned_sample',
        elements: Array.from({ length: 8 }, (_, i) => ({
          elementId: i,
          finish: 'planned_sample' as const,
          summary: 'y'.repeat(300),
        })),
      },
    });
    expect(notice.title.length).toBeLessThanOrEqual(120);
    expect(notice.title.endsWith('… stopped by itself')).toBe(true);
    expect(notice.body.length).toBeLessThanOrEqual(1000);
    expect(notice.body.startsWith('Auto-stop switched the campaign off: every element')).toBe(true);
  });
});
