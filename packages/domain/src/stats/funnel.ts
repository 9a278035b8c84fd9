import { assertArmCounts, type ArmCounts } from './counts';
import {
  conversionFamily,
  DEFAULT_COMPARISON_SETTINGS,
  type ComparisonSettings,
  type VariantSignificance,
} from './significance';

/** One arm of a goal funnel: exposed visitors and how many reached each goal step. */
export interface FunnelCounts {
  visitors: number;
  steps: readonly number[];
}

function assertSameSteps(control: FunnelCounts, variants: readonly FunnelCounts[]): void {
  for (const variant of variants) {
    if (variant.steps.length !== control.steps.length) {
      throw new RangeError('Every arm of a funnel has the same steps');
    }
  }
}

/**
 * Each step's own counts: those who reached step k among those who reached step k - 1 (the
 * exposed visitors for the first step). The steps must narrow: every count at most the one
 * before it, which assertArmCounts checks.
 */
export function funnelStepCounts({ visitors, steps }: FunnelCounts): ArmCounts[] {
  return steps.map((reached, step) => {
    const counts = { visitors: step === 0 ? visitors : steps[step - 1]!, conversions: reached };
    assertArmCounts(counts);
    return counts;
  });
}

/**
 * Step-by-step significance: each step's conversion (reaching it among those who reached the
 * step before) of each variant against the control's, Holm-adjusted over all steps of all
 * variants of the funnel. Shows where in the funnel a variant wins or loses, which the rates
 * over exposed visitors blur: a later step inherits every earlier one. Corrected as one family
 * over every step of every variant.
 */
export function funnelStepSignificance(
  {
    control,
    variants,
  }: {
    control: FunnelCounts;
    variants: readonly FunnelCounts[];
  },
  settings: ComparisonSettings = DEFAULT_COMPARISON_SETTINGS,
): { variants: { steps: VariantSignificance[] }[] } {
  assertSameSteps(control, variants);
  const controlSteps = funnelStepCounts(control);
  const variantSteps = variants.map(funnelStepCounts);
  const compared = conversionFamily(
    variantSteps.flatMap((steps) =>
      steps.map((counts, step) => ({ control: controlSteps[step]!, variant: counts })),
    ),
    settings,
  );
  const perVariant = control.steps.length;
  return {
    variants: variantSteps.map((_steps, v) => ({
      steps: compared.slice(v * perVariant, (v + 1) * perVariant),
    })),
  };
}
