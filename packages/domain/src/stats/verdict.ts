import type { ArmSummary, MetricType, TestMethod } from './comparison';
import {
  compareFamily,
  MINIMUM_VISITORS_PER_ARM,
  type Compared,
  type ComparisonSettings,
} from './significance';

export const VERDICT_STATES = [
  'winner',
  'original_wins',
  'no_difference',
  'keep_running',
  'not_enough_data',
  'sample_ratio_mismatch',
  'guardrail_harm',
] as const;
export type VerdictState = (typeof VERDICT_STATES)[number];

export type MetricRole = 'primary' | 'secondary' | 'guardrail';

export interface MetricDefinition {
  id: string;
  /** As people read it: "Sign-up", "Revenue per visitor". */
  name: string;
  role: MetricRole;
  lowerIsBetter: boolean;
  /** Conversion metrics read "converts 12% better"; others "is 12% better on {name}". */
  kind: MetricType;
}

export interface ComparedArm {
  /** `null` for the original (the control). */
  variantId: number | null;
  /** "Variant 2": how the sentence names it. */
  label: string;
  visitors: number;
  /** Not served during the range (paused throughout): left out of every test. */
  paused: boolean;
}

export interface StatsPlan extends ComparisonSettings {
  minimumDetectableEffect: number;
  /** Visitors each arm needs (plannedSamplePerArm); null when not yet estimable. */
  plannedPerArm: number | null;
}

/** One variant against the original on one metric. */
export interface MetricComparison extends Compared {
  metricId: string;
  variantId: number;
  /** Which way a significant result goes for the business (lower-is-better aware). */
  direction: 'better' | 'worse' | null;
}

export interface Verdict {
  state: VerdictState;
  /** The variant the verdict is about (the winner, the harmed one); null otherwise. */
  variantId: number | null;
  method: TestMethod;
  /** The guardrail metric harmed, for `guardrail_harm`. */
  metricId: string | null;
  /** The sentence the app shows as it is. */
  summary: string;
  /** Visitors still needed before anything is concluded (not_enough_data, fixed keep_running). */
  visitorsNeeded: number | null;
}

export interface ElementVerdictInput {
  /** The original first, then the variants. */
  arms: readonly ComparedArm[];
  /** Each metric with one summary per arm, in the order of `arms`. */
  metrics: readonly { definition: MetricDefinition; arms: readonly ArmSummary[] }[];
  srmFlagged: boolean;
  plan: StatsPlan;
  /**
   * Guardrail harms decided outside the comparisons (Web Vitals p75s, stats/vitals.ts): a
   * variant named here is never called a winner, as with a harmed guardrail metric.
   */
  vetoes?: readonly GuardrailVeto[];
}

/** A guardrail a variant harms, with the sentence that says how. */
export interface GuardrailVeto {
  variantId: number;
  metricId: string;
  /** "LCP". */
  name: string;
  /** "Variant 2 makes the page 300 ms slower to paint (LCP p75)". */
  sentence: string;
}

/** Every running variant against the original on one metric, corrected over the variants. */
export function compareMetric(
  input: Pick<ElementVerdictInput, 'arms' | 'plan'> & {
    definition: MetricDefinition;
    summaries: readonly ArmSummary[];
  },
): MetricComparison[] {
  const { arms, plan, definition, summaries } = input;
  const running = arms.flatMap((arm, index) => (index > 0 && !arm.paused ? [index] : []));
  const compared = compareFamily(
    running.map((index) => ({ control: summaries[0]!, variant: summaries[index]! })),
    plan,
    definition.kind,
  );
  return running.map((index, i) => {
    const c = compared[i]!;
    const up = (c.estimate ?? 0) > 0;
    return {
      ...c,
      metricId: definition.id,
      variantId: arms[index]!.variantId!,
      direction: c.significant ? (up !== definition.lowerIsBetter ? 'better' : 'worse') : null,
    };
  });
}

const percent = (value: number) => `${Math.round(Math.abs(value) * 100)}%`;
const signed = (value: number) => `${value >= 0 ? '+' : '-'}${percent(value)}`;

function comparisonSentence(
  comparison: MetricComparison,
  {
    label,
    definition,
    method,
  }: { label: string; definition: MetricDefinition; method: TestMethod },
): string {
  const estimate = comparison.estimate ?? 0;
  const change = `${percent(estimate)} ${estimate >= 0 ? 'more' : 'less'}`;
  const [lo, hi] = comparison.interval ?? [0, 0];
  const level = `${Math.round(comparison.level * 1000) / 10}%`;
  const kind = method === 'sequential' ? `${level} always-valid interval` : `${level} interval`;
  const what =
    definition.kind === 'conversion'
      ? `${label} converts ${change} often than the original`
      : `${label} scores ${change} than the original on ${definition.name}`;
  return `${what} (${kind} ${signed(lo)} to ${signed(hi)})`;
}

/** How far the running arms are towards the plan, by the smallest one. */
function progressOf(arms: readonly ComparedArm[], planned: number | null) {
  const smallest = Math.min(...arms.filter((arm) => !arm.paused).map((arm) => arm.visitors));
  return planned === null ? null : Math.min(1, smallest / planned);
}

/**
 * The element's verdict on its primary metric, as the app and the notifications say it:
 * 1. a sample ratio mismatch first (nothing else can be trusted);
 * 2. fewer than MINIMUM_VISITORS_PER_ARM in a running arm: not enough data;
 * 3. fixed horizon before its planned sample: keep running, whatever the p-value says (peeking);
 * 4. a variant significantly better (after the correction): the best such one wins, unless a
 *    guardrail shows it significantly harmful (guardrail_harm names the metric);
 * 5. every running variant significantly worse: the original wins;
 * 6. every interval inside ±MDE (on the log scale): no difference worth having;
 * 7. else keep running.
 * Sequential results are always valid, so 4-6 hold whenever the page is looked at.
 */
export function elementVerdict(input: ElementVerdictInput): {
  verdict: Verdict;
  comparisons: MetricComparison[];
} {
  const { arms, metrics, plan, srmFlagged, vetoes = [] } = input;
  const comparisons = metrics.flatMap(({ definition, arms: summaries }) =>
    compareMetric({ arms, plan, definition, summaries }),
  );
  const base = { method: plan.method, variantId: null, metricId: null, visitorsNeeded: null };
  const say = (state: VerdictState, summary: string, extra: Partial<Verdict> = {}) => ({
    verdict: { ...base, state, summary, ...extra },
    comparisons,
  });
  const running = arms.filter((arm, index) => index === 0 || !arm.paused);
  if (running.length < 2)
    return say('keep_running', 'No variant is being served: nothing to compare.');
  if (srmFlagged) {
    return say(
      'sample_ratio_mismatch',
      'The versions were not shown in the planned proportions (sample ratio mismatch), so the results cannot be trusted until the cause is fixed.',
    );
  }
  const deficit = running.reduce(
    (sum, arm) => sum + Math.max(0, MINIMUM_VISITORS_PER_ARM - arm.visitors),
    0,
  );
  if (deficit > 0) {
    return say(
      'not_enough_data',
      `Not enough data yet: needs ${deficit} more visitor${deficit === 1 ? '' : 's'} (at least ${MINIMUM_VISITORS_PER_ARM} in each version).`,
      { visitorsNeeded: deficit },
    );
  }
  const progress = progressOf(arms, plan.plannedPerArm);
  const planText =
    progress === null ? '' : ` (${Math.floor(progress * 100)}% of the planned visitors)`;
  if (plan.method === 'fixed' && (progress === null || progress < 1)) {
    const needed =
      plan.plannedPerArm === null
        ? null
        : running.reduce((sum, arm) => sum + Math.max(0, plan.plannedPerArm! - arm.visitors), 0);
    return say(
      'keep_running',
      progress === null
        ? 'Keep running: the original needs conversions before the planned sample can be set.'
        : `Keep running: ${Math.floor(progress * 100)}% of the planned visitors. A fixed-horizon test is read only at its planned sample.`,
      { visitorsNeeded: needed },
    );
  }
  const primary = metrics.find((metric) => metric.definition.role === 'primary')?.definition;
  if (!primary) return say('keep_running', 'Keep running: the campaign has no primary metric.');
  const onPrimary = comparisons.filter((c) => c.metricId === primary.id);
  const labelOf = (variantId: number) =>
    arms.find((arm) => arm.variantId === variantId)?.label ?? 'The variant';
  const harmOf = (variantId: number) =>
    comparisons.find(
      (c) =>
        c.variantId === variantId &&
        c.direction === 'worse' &&
        metrics.some((m) => m.definition.id === c.metricId && m.definition.role === 'guardrail'),
    );
  const betterFirst = onPrimary
    .filter((c) => c.direction === 'better')
    .sort((a, b) => (primary.lowerIsBetter ? 1 : -1) * ((a.estimate ?? 0) - (b.estimate ?? 0)));
  const sentence = (c: MetricComparison, definition = primary) =>
    comparisonSentence(c, { label: labelOf(c.variantId), definition, method: plan.method });
  const vetoOf = (variantId: number) => vetoes.find((veto) => veto.variantId === variantId);
  const shippable = betterFirst.find((c) => !harmOf(c.variantId) && !vetoOf(c.variantId));
  if (shippable) {
    return say('winner', `${sentence(shippable)}. It is safe to ship.`, {
      variantId: shippable.variantId,
    });
  }
  if (betterFirst.length > 0) {
    const best = betterFirst[0]!;
    const harm = harmOf(best.variantId);
    if (!harm) {
      const veto = vetoOf(best.variantId)!;
      return say(
        'guardrail_harm',
        `${sentence(best)}, but it harms the guardrail ${veto.name}: ${veto.sentence}. Do not ship it as it is.`,
        { variantId: best.variantId, metricId: veto.metricId },
      );
    }
    const guardrail = metrics.find((m) => m.definition.id === harm.metricId)!.definition;
    return say(
      'guardrail_harm',
      `${sentence(best)}, but it harms the guardrail ${guardrail.name}: ${sentence(harm, guardrail)}. Do not ship it as it is.`,
      { variantId: best.variantId, metricId: guardrail.id },
    );
  }
  if (onPrimary.length > 0 && onPrimary.every((c) => c.direction === 'worse')) {
    return say(
      'original_wins',
      `The original does better than every variant: ${onPrimary.map((c) => sentence(c)).join('; ')}. Keep the original.`,
    );
  }
  const bound = Math.log1p(plan.minimumDetectableEffect);
  const withinMde = (c: MetricComparison) =>
    c.interval !== null && Math.log1p(c.interval[0]) > -bound && Math.log1p(c.interval[1]) < bound;
  if (onPrimary.length > 0 && onPrimary.every(withinMde)) {
    return say(
      'no_difference',
      `No difference worth having: every variant is within ±${percent(plan.minimumDetectableEffect)} of the original on ${primary.name}. Keep whichever is simpler.`,
    );
  }
  return say('keep_running', `Keep running: no clear difference yet${planText}.`);
}
