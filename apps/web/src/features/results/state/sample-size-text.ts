import type { SampleSize } from '@kindling/domain';
import { formatCount } from '../../../lib/format';

/**
 * How far the element is from a conclusive test at its current traffic, in words; null when
 * nothing can be estimated (no traffic, or no difference between the arms yet).
 */
export function sampleSizeText(sample: SampleSize | null): string | null {
  if (!sample || sample.requiredPerArm === null || sample.daysRemaining === null) return null;
  const needed = `${formatCount(sample.requiredPerArm)} visitors per arm`;
  if (sample.daysRemaining === 0) {
    return `Each arm has the ${needed} needed to confirm the difference seen so far.`;
  }
  const days = Math.ceil(sample.daysRemaining);
  return `About ${formatCount(days)} more ${days === 1 ? 'day' : 'days'} at the current traffic: the difference seen so far needs ${needed}, the smallest arm has ${formatCount(sample.exposedPerArm)}.`;
}
