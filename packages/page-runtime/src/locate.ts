import { bestMatch, type ElementFingerprint } from '@kindling/domain';
import { readFingerprint } from './fingerprint-of';

/**
 * Self-healing (issue 11): the element of `fingerprint`'s tag most like it, scoring at least
 * FINGERPRINT_THRESHOLD, for when a stored selector no longer names exactly one element.
 */
export const healElement = (
  fingerprint: ElementFingerprint,
  root: ParentNode = document,
): Element | undefined =>
  bestMatch(fingerprint, root.querySelectorAll(fingerprint.tag), readFingerprint);
