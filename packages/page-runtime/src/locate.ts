import { bestMatch, type ElementFingerprint } from '@kindling/domain';
import { findElements } from './find-elements';
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

/**
 * The editor's lookup: the selector's matches, or where it names no single element, the
 * fingerprint's element. No check of a single match: the preview shows variants, so the
 * element may differ from its fingerprint on purpose.
 */
export function locateElements(selector: string, fingerprint?: ElementFingerprint): Element[] {
  const found = findElements(selector);
  const healed = found.length !== 1 && fingerprint ? healElement(fingerprint) : undefined;
  return healed ? [healed] : found;
}
