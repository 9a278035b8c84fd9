import type { SampleSize } from '@kindling/domain';
import { formatCount, formatShare } from '../../../lib/format';

/**
 * The element's plan in words: the visitors each arm needs to detect the campaign's minimum
 * detectable effect (the API's plan, never the uplift seen so far), how far the smallest arm is
 * and, at the current traffic, how many days are left. Null before the plan can be set (the
 * original has not converted yet).
 */
export function sampleSizeText(
  sample: SampleSize | null,
  minimumDetectableEffect: number,
): string | null {
  if (!sample || sample.requiredPerArm === null) return null;
  const planned = `${formatCount(sample.requiredPerArm)} visitors per arm to detect a ${formatShare(minimumDetectableEffect)} change`;
  if (sample.daysRemaining === 0) return `Planned: ${planned}. Every arm has reached it.`;
  const smallest = `the smallest arm has ${formatCount(sample.exposedPerArm)}`;
  if (sample.daysRemaining === null) return `Planned: ${planned}; ${smallest}.`;
  const days = Math.ceil(sample.daysRemaining);
  return `Planned: ${planned}; ${smallest} (about ${formatCount(days)} more ${days === 1 ? 'day' : 'days'} at the current traffic).`;
}
