import type { CampaignElement } from './element-schema';
import type { Variant } from './variant-schema';
import { DUPLICATE_VARIANT, emptyVariantProblem, findDuplicateVariants } from './variants';

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
  code: 'duplicate-variant' | 'type-mismatch' | 'empty';
  message: string;
}

/**
 * Why some incoming variants may not be stored: a variant of another type than its element, an
 * empty one (blank text without a style, no image), or one equal to the original, to a kept variant or to another incoming one (spec section 5,
 * compared as `findDuplicateVariants` does). Empty when all may be stored.
 */
export function elementVariantProblems({
  element,
  kept = [],
  incoming,
}: ElementVariantsCheck): VariantProblem[] {
  const mismatched = incoming.flatMap((variant, index) =>
    variant.type === element.type
      ? []
      : [{ index, code: 'type-mismatch' as const, message: VARIANT_TYPE_MISMATCH }],
  );
  if (mismatched.length > 0) return mismatched;

  // An empty variant reports only that it is empty.
  const problems: VariantProblem[] = incoming.flatMap((variant, index) => {
    const message = emptyVariantProblem(variant);
    return message ? [{ index, code: 'empty' as const, message }] : [];
  });
  const empty = new Set(problems.map((problem) => problem.index));

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
    if (duplicates.has(draft) && !empty.has(index)) {
      problems.push({ index, code: 'duplicate-variant', message: DUPLICATE_VARIANT.message });
    }
  });
  return problems;
}
