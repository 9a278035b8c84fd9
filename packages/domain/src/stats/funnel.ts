import { assertArmCounts, type ArmCounts } from './counts';
import { compareToControl, withHolm, type VariantSignificance } from './significance';

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
 * Per-step significance: each step's conversion rate (visitors reaching the step / exposed
 * visitors) of each variant against the control's, Holm-adjusted over all steps of all
 * variants of the funnel.
 */
export function funnelSignificance({
  control,
  variants,
}: {
  control: FunnelCounts;
  variants: readonly FunnelCounts[];
}): { variants: { steps: VariantSignificance[] }[] } {
  assertSameSteps(control, variants);
  const arm = ({ visitors, steps }: FunnelCounts, step: number) => ({
    visitors,
    conversions: steps[step]!,
  });
  const compared = withHolm(
    variants.map((variant) =>
      control.steps.map((_count, step) => compareToControl(arm(control, step), arm(variant, step))),
    ),
  );
  return { variants: compared.map((steps) => ({ steps })) };
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
 * over exposed visitors (funnelSignificance) blur: a later step inherits every earlier one.
 */
export function funnelStepSignificance({
  control,
  variants,
}: {
  control: FunnelCounts;
  variants: readonly FunnelCounts[];
}): { variants: { steps: VariantSignificance[] }[] } {
  assertSameSteps(control, variants);
  const controlSteps = funnelStepCounts(control);
  const compared = withHolm(
    variants.map((variant) =>
      funnelStepCounts(variant).map((counts, step) =>
        compareToControl(controlSteps[step]!, counts),
      ),
    ),
  );
  return { variants: compared.map((steps) => ({ steps })) };
}
