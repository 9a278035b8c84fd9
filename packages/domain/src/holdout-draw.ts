import { unitHash } from './bucketing/hash';

/**
 * Whether a visitor is held out at `percent` (the global holdout, holdout.ts): drawn from the
 * visitor id alone, with a seed no campaign's bucket uses, so the holdout is independent of every
 * campaign's split and the same visitor stays in it on every page and device that shares the id.
 * Its own file, free of schemas, so the tracker's targeting part takes only this.
 */
export const inHoldout = (visitorId: string, percent: number): boolean =>
  percent > 0 && unitHash(`holdout:${visitorId}`) * 100 < percent;
