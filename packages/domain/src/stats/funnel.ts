import { compareToControl, withHolm, type VariantSignificance } from './significance';

/** One arm of a goal funnel: exposed visitors and how many reached each goal step. */
export interface FunnelCounts {
  visitors: number;
  steps: readonly number[];
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
  for (const variant of variants) {
    if (variant.steps.length !== control.steps.length) {
      throw new RangeError('Every arm of a funnel has the same steps');
    }
  }
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
