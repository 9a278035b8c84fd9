import type { CampaignElement } from './element-schema';
import type { Variant } from './variant-schema';
import { DUPLICATE_VARIANT, findDuplicateVariants } from './variants';

// The one rule every write of variants obeys (the editor, /create, /save and /add-variants).

export const VARIANT_TYPE_MISMATCH = 'A variant must have the same type as its element.';

export interface ElementVariantsCheck {
  /** The element's type and its original content (the control). */
  element: Pick<CampaignElement, 'type' | 'control'>;
  /** Variants already kept for the element; compared against, never flagged. */
  kept?: readonly Variant[];
  /** The variants being written, in order; problems are reported by their position here. */
  incoming: readonly Variant[];
}

export interface VariantProblem {
  /** Position in `incoming`. */
  index: number;
  code: 'duplicate-variant' | 'type-mismatch';
  message: string;
}

/**
 * Why some incoming variants may not be stored: a variant of another type than its element, or
 * one equal to the original, to a kept variant or to another incoming one (spec section 5,
 * compared as `findDuplicateVariants` does). Empty when all may be stored.
 */
export function elementVariantProblems({
  element,
  kept = [],
  incoming,
}: ElementVariantsCheck): VariantProblem[] {
  const problems: VariantProblem[] = [];
  incoming.forEach((variant, index) => {
    if (variant.type !== element.type) {
      problems.push({ index, code: 'type-mismatch', message: VARIANT_TYPE_MISMATCH });
    }
  });
  if (problems.length > 0) return problems;

  // The control is variant 0 of the element, so a variant equal to the original is a duplicate.
  const control = {
    id: 0,
    key: 'control',
    type: element.type,
    isEnabled: true,
    info: element.control.info,
  } as Variant;
  const drafts = incoming.map((variant) => ({ ...variant, marker: 'draft' as const }));
  const duplicates = new Set<Variant>(
    findDuplicateVariants([
      control,
      ...kept.map((variant) => ({ ...variant, marker: undefined })),
      ...drafts,
    ]),
  );
  drafts.forEach((draft, index) => {
    if (duplicates.has(draft)) {
      problems.push({ index, code: 'duplicate-variant', message: DUPLICATE_VARIANT.message });
    }
  });
  return problems;
}
