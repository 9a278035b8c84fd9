import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANDING_PAGE_MESSAGES } from '../landing-pages/content';
import {
  IDEA_EXPERIMENT_MESSAGES,
  ideaExperimentInputSchema,
  ideaSuggestionInputSchema,
} from './input';
import { clearWinner, clearlyBetter, experimentStopReason, type ExperimentArm } from './stop-rule';
import { DECISION_STATES } from '../stats/auto-stop';
import { experimentNotice } from './notice';
import { experimentVerdict } from './verdict';

const arm = (visitors: number, signups: number, views = visitors): ExperimentArm => ({
  views,
  visitors,
  signups,
});
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('idea experiment input', () => {
  const variant = { headline: 'Plan in five minutes', ctaLabel: 'Join now' };

  it('takes 1 to 5 variants, trimmed', () => {
    const parsed = ideaExperimentInputSchema.parse({
      variants: [{ headline: '  Plan fast  ', ctaLabel: ' Go ' }],
    });
    expect(parsed.variants).toEqual([{ headline: 'Plan fast', ctaLabel: 'Go' }]);
    expect(ideaExperimentInputSchema.safeParse({ variants: Array(5).fill(variant) }).success).toBe(
      true,
    );
  });

  it('refuses none, more than 5, and the page limits with the page messages', () => {
    const message = (input: unknown) => firstMessage(ideaExperimentInputSchema.safeParse(input));
    expect(message({ variants: [] })).toBe(IDEA_EXPERIMENT_MESSAGES.variantsCount);
    expect(message({ variants: Array(6).fill(variant) })).toBe(
      IDEA_EXPERIMENT_MESSAGES.variantsCount,
    );
    expect(message({})).toBe(IDEA_EXPERIMENT_MESSAGES.variantsCount);
    expect(message({ variants: [{ ...variant, headline: ' ' }] })).toBe(
      LANDING_PAGE_MESSAGES.headlineRequired,
    );
    expect(message({ variants: [{ ...variant, headline: 'x'.repeat(91) }] })).toBe(
      LANDING_PAGE_MESSAGES.headlineTooLong,
    );
    expect(message({ variants: [{ ...variant, ctaLabel: '' }] })).toBe(
      LANDING_PAGE_MESSAGES.ctaLabelRequired,
    );
    expect(message({ variants: [{ ...variant, ctaLabel: 'x'.repeat(41) }] })).toBe(
      LANDING_PAGE_MESSAGES.ctaLabelTooLong,
    );
  });

  it('takes an idea of one sentence', () => {
    const message = (input: unknown) => firstMessage(ideaSuggestionInputSchema.safeParse(input));
    expect(message({ idea: '   ' })).toBe(IDEA_EXPERIMENT_MESSAGES.ideaRequired);
    expect(message({ idea: 'x'.repeat(201) })).toBe(IDEA_EXPERIMENT_MESSAGES.ideaTooLong);
    expect(ideaSuggestionInputSchema.parse({ idea: ' A calm planner ' }).idea).toBe(
      'A calm planner',
    );
  });
});

describe('the stop rule', () => {
  const open = { state: 'keep_running', method: 'sequential' } as const;
  it('stops when every arm has 1000 views, not before', () => {
    const even = [arm(1000, 40), arm(1000, 41), arm(1000, 39)];
    expect(experimentStopReason(even, open)).toBe('view_limit');
    expect(experimentStopReason([arm(1000, 40), arm(999, 41), arm(1000, 39)], open)).toBeNull();
  });

  it("stops early on the campaign verdict's always-valid decision, as auto-stop does", () => {
    const arms = [arm(400, 8), arm(400, 60), arm(400, 10)];
    for (const state of DECISION_STATES) {
      expect(experimentStopReason(arms, { state, method: 'sequential' })).toBe('clear_winner');
      // A fixed-horizon verdict is read only at its plan (here, the view limit).
      expect(experimentStopReason(arms, { state, method: 'fixed' })).toBeNull();
    }
    for (const state of ['keep_running', 'not_enough_data', 'sample_ratio_mismatch'] as const) {
      expect(experimentStopReason(arms, { state, method: 'sequential' })).toBeNull();
    }
  });

  it('names a clear winner in the arms’ numbers', () => {
    expect(clearWinner([arm(400, 8), arm(400, 60), arm(400, 10)])).toBe(1);
    expect(clearWinner([arm(400, 60), arm(400, 8)])).toBe(0);
  });

  it('does not call a winner on little data or a small gap', () => {
    expect(clearWinner([arm(50, 1), arm(50, 30)])).toBeNull();
    expect(clearWinner([arm(800, 40), arm(800, 48)])).toBeNull();
    expect(clearWinner([arm(800, 0), arm(800, 0)])).toBeNull();
    // A leader clearly ahead of the original but not of another variant is no winner.
    expect(clearWinner([arm(500, 5), arm(500, 60), arm(500, 55)])).toBeNull();
  });

  it('is always wider than the fixed interval: equal rates never look clearly better', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (visitors, p) => {
          const signups = Math.round(visitors * p);
          return !clearlyBetter(arm(visitors, signups), arm(visitors, signups), 0.05);
        },
      ),
    );
  });

  it('never names two winners and never a loser: the winner has the top rate', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .integer({ min: 100, max: 3000 })
            .chain((visitors) =>
              fc.integer({ min: 0, max: visitors }).map((signups) => arm(visitors, signups)),
            ),
          { minLength: 2, maxLength: 6 },
        ),
        (arms) => {
          const winner = clearWinner(arms);
          if (winner === null) return true;
          const rate = (a: ExperimentArm) => a.signups / a.visitors;
          return arms.every(
            (other, index) => index === winner || rate(arms[winner]!) > rate(other),
          );
        },
      ),
    );
  });

  it('keeps false early stops rare when all arms are equal (checked after every 100 visitors)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let falseStops = 0;
    const runs = 200;
    for (let run = 0; run < runs; run++) {
      const arms = [arm(0, 0), arm(0, 0), arm(0, 0)];
      for (let look = 0; look < 10; look++) {
        for (const a of arms) {
          for (let v = 0; v < 100; v++) {
            a.visitors += 1;
            a.views += 1;
            if (random() < 0.05) a.signups += 1;
          }
        }
        if (clearWinner(arms) !== null) {
          falseStops += 1;
          break;
        }
      }
    }
    expect(falseStops / runs).toBeLessThanOrEqual(0.05);
  });
});

describe('the verdict', () => {
  it('says which variant won, by how much, and how sure', () => {
    const verdict = experimentVerdict([arm(1000, 100), arm(1000, 105), arm(1000, 210)]);
    expect(verdict.outcome).toBe('variant_best');
    expect(verdict.leader).toBe(2);
    expect(verdict.ratio).toBeCloseTo(2.1, 5);
    expect(verdict.text).toMatch(
      /^Variant 2 got 2\.1x the sign-up rate of the original; 9\d% chance it is best\.$/,
    );
    expect(verdict.arms.map((a) => a.label)).toEqual(['Original', 'Variant 1', 'Variant 2']);
    expect(verdict.arms[2]!.rate).toBeCloseTo(0.21, 5);
    const total = verdict.arms.reduce((sum, a) => sum + a.chanceBest, 0);
    expect(total).toBeCloseTo(1, 5);
  });

  it('says when the original is best', () => {
    const verdict = experimentVerdict([arm(1000, 60), arm(1000, 20), arm(1000, 25)]);
    expect(verdict.outcome).toBe('original_best');
    expect(verdict.text).toMatch(
      /^The original is best: 2\.4x the sign-up rate of the best variant \(Variant 2\); 99% chance it is best\.$/,
    );
  });

  it('says honestly when there is no clear winner', () => {
    const close = experimentVerdict([arm(1000, 40), arm(1000, 44)]);
    expect(close.outcome).toBe('no_clear_winner');
    expect(close.text).toMatch(
      /^No clear winner: Variant 1 is ahead \(4\.4% against 4\.0% for the original\), but the gap could still be chance; \d+% chance it is best\.$/,
    );
    const early = experimentVerdict([arm(20, 1), arm(20, 6)]);
    expect(early.text).toBe(
      'No clear winner yet: too early to tell after 40 views; rates mean little until every variant has 100 visitors.',
    );
    expect(early.leader).toBe(1);
    const none = experimentVerdict([arm(1000, 0), arm(1000, 0)]);
    expect(none.text).toBe('No clear winner: no sign-ups yet in 2,000 views.');
    expect(none.ratio).toBeNull();
  });

  it('handles an original without sign-ups', () => {
    const verdict = experimentVerdict([arm(500, 0), arm(500, 30)]);
    expect(verdict.outcome).toBe('variant_best');
    expect(verdict.text).toMatch(/^Variant 1 got 30 sign-ups, the original none; 99% chance/);
    expect(verdict.ratio).toBeNull();
  });
});

describe('experimentNotice', () => {
  const verdict = {
    summary:
      'Variant 3 converts 110% more often than the original (98.3% always-valid interval +20% to +268%). It is safe to ship.',
  };
  it('says the test has an answer when it stopped by its own rule, with the verdict and a link', () => {
    expect(experimentNotice({ pageId: 12, reason: 'clear_winner', verdict })).toEqual({
      title: 'Your idea test has an answer',
      body: `An always-valid answer showed early. ${verdict.summary}`,
      teamPath: '/pages/12/test',
    });
    expect(experimentNotice({ pageId: 3, reason: 'view_limit', verdict }).title).toBe(
      'Your idea test has an answer',
    );
  });
  it('says it stopped when a person or an unpublish stopped it', () => {
    const notice = experimentNotice({ pageId: 7, reason: 'page_unpublished', verdict });
    expect(notice.title).toBe('Your idea test has stopped');
    expect(notice.body).toBe(`The page was unpublished. ${verdict.summary}`);
  });
});
