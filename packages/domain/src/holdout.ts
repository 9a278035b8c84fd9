import { z } from 'zod';
import {
  comparisonInterval,
  comparisonPValue,
  conversionSummary,
  logRatio,
  relativeInterval,
} from './stats/comparison';
import type { ArmCounts } from './stats/counts';
import { DEFAULT_MINIMUM_DETECTABLE_EFFECT, mixingVarianceFor } from './stats/plan';
import { SAMPLE_SIZE_ALPHA } from './stats/sample-size';

// The global holdout (issue 31): a share of a team's visitors who see no campaign at all, so the
// team can compare their conversion with everyone else's and say what all its tests together did.

export const HOLDOUT_MAX_PERCENT = 20;

export const HOLDOUT_MESSAGES = {
  percent: `The holdout is a whole percentage from 0 to ${HOLDOUT_MAX_PERCENT}.`,
} as const;

export const holdoutPercentSchema = z
  .number({ error: HOLDOUT_MESSAGES.percent })
  .int({ error: HOLDOUT_MESSAGES.percent })
  .min(0, { error: HOLDOUT_MESSAGES.percent })
  .max(HOLDOUT_MAX_PERCENT, { error: HOLDOUT_MESSAGES.percent });

export const holdoutInputSchema = z.strictObject({ percent: holdoutPercentSchema });

/** Fewer visitors than this in either group: too early to compare. */
export const PROGRAMME_MIN_VISITORS = 100;

export type ProgrammeState = 'off' | 'collecting' | 'lifted' | 'hurt' | 'no_difference';

export interface ProgrammeImpact {
  state: ProgrammeState;
  /** Conversions over visitors; null without visitors. */
  holdoutRate: number | null;
  exposedRate: number | null;
  /** Everyone else's conversion relative to the holdout's (0.12: 12% higher); null: unknown. */
  lift: number | null;
  /** Its 95% interval, valid however often the overview is looked at (sequential). */
  interval: [number, number] | null;
  sentence: string;
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${percent(value)}`;
const rateOf = ({ visitors, conversions }: ArmCounts) =>
  visitors > 0 ? conversions / visitors : null;

/**
 * Everyone else against the holdout on conversion: the same log-ratio comparison as a
 * campaign's verdicts, always-valid (sequential), since a team looks at its overview every day.
 * A difference is only claimed when the interval excludes zero.
 */
export function programmeImpact(
  { holdout, exposed }: { holdout: ArmCounts; exposed: ArmCounts },
  holdoutPercent: number,
): ProgrammeImpact {
  const rates = { holdoutRate: rateOf(holdout), exposedRate: rateOf(exposed) };
  const unknown = { ...rates, lift: null, interval: null };
  if (holdoutPercent === 0 && holdout.visitors === 0) {
    return {
      ...unknown,
      state: 'off',
      sentence: 'No holdout: every visitor can be in your campaigns.',
    };
  }
  const ratio = logRatio(conversionSummary(holdout), conversionSummary(exposed));
  if (
    holdout.visitors < PROGRAMME_MIN_VISITORS ||
    exposed.visitors < PROGRAMME_MIN_VISITORS ||
    !ratio
  ) {
    return {
      ...unknown,
      state: 'collecting',
      sentence: `Collecting: the comparison starts at ${PROGRAMME_MIN_VISITORS} visitors in each group (${holdout.visitors} held out, ${exposed.visitors} in campaigns so far).`,
    };
  }
  const method = {
    method: 'sequential' as const,
    mixingVariance: mixingVarianceFor(DEFAULT_MINIMUM_DETECTABLE_EFFECT),
  };
  const pValue = comparisonPValue(ratio, method);
  const interval = relativeInterval(comparisonInterval(ratio, method, SAMPLE_SIZE_ALPHA));
  const lift = Math.expm1(ratio.estimate);
  const range = `${signed(interval[0])} to ${signed(interval[1])}`;
  const figures = { ...rates, lift, interval };
  if (pValue < SAMPLE_SIZE_ALPHA && lift > 0) {
    return {
      ...figures,
      state: 'lifted',
      sentence: `Your campaigns lifted conversion by ${percent(lift)} against the holdout (95% interval ${range}).`,
    };
  }
  if (pValue < SAMPLE_SIZE_ALPHA) {
    return {
      ...figures,
      state: 'hurt',
      sentence: `Visitors in your campaigns converted ${percent(-lift)} less than the holdout (95% interval ${range}).`,
    };
  }
  return {
    ...figures,
    state: 'no_difference',
    sentence: `No measurable difference yet between your campaigns and the holdout (95% interval ${range}).`,
  };
}
