import type { CampaignElement } from './element-schema';
import type { Variant } from './variant-schema';
import { variantLinkProblem } from './element-change-rules';
import { moveTargetProblem } from './element-move';
import { isPageElement, redirectProblem, SPLIT_URL_MESSAGES } from './split-url';
import {
  DUPLICATE_VARIANT,
  emptyVariantProblem,
  redirectOf,
  variantComparisonKey,
} from './variants';

// The one rule every write of variants obeys (the editor, /create, /save and /add-variants).

export const VARIANT_TYPE_MISMATCH = 'A variant must have the same type as its element.';

/** What a duplicate equals: the original, or a kept or incoming variant by position. */
export type DuplicateTarget = { kind: 'original' } | { kind: 'kept' | 'incoming'; index: number };

/** The spec's duplicate message, then which variant it equals ("the original", "variant 2"). */
export const duplicateVariantMessage = (equals: string): string =>
  `${DUPLICATE_VARIANT.message} It equals ${equals}.`;

export interface ElementVariantsCheck {
  /** The element's type, its original content (the control) and its selector. */
  element: Pick<CampaignElement, 'type' | 'control'> & { selector?: string };
  /** The campaign's page: a split-URL variant's address must be on its site (split-url.ts). */
  pageUrl?: string;
  /** Variants already kept for the element; compared against, never flagged. */
  kept?: readonly Variant[];
  /** The variants being written, in order; problems are reported by their position here. */
  incoming: readonly Variant[];
  /**
   * How the message names a variant a duplicate equals. By default variants are numbered as
   * stored: the kept ones first, then the incoming ones after them.
   */
  nameOf?: (target: Exclude<DuplicateTarget, { kind: 'original' }>) => string;
}

export interface VariantProblem {
  /** Position in `incoming`. */
  index: number;
  code: 'duplicate-variant' | 'type-mismatch' | 'empty' | 'bad-change';
  message: string;
  /** For a duplicate: what it equals. */
  equals?: DuplicateTarget;
}

/** The first other variant that shows the same thing as incoming `index`: original first. */
function duplicateTarget(
  { element, kept = [], incoming }: ElementVariantsCheck,
  index: number,
): DuplicateTarget | undefined {
  const key = variantComparisonKey(incoming[index]!);
  const control = { type: element.type, info: element.control.info } as Variant;
  if (variantComparisonKey(control) === key) return { kind: 'original' };
  const keptIndex = kept.findIndex((variant) => variantComparisonKey(variant) === key);
  if (keptIndex >= 0) return { kind: 'kept', index: keptIndex };
  const other = incoming.findIndex(
    (variant, i) => i !== index && variantComparisonKey(variant) === key,
  );
  return other >= 0 ? { kind: 'incoming', index: other } : undefined;
}

/**
 * A split-URL variant's address (split-url.ts): required on the whole page, refused elsewhere.
 * An empty one is told as the address it lacks.
 */
function addressProblem({ element, pageUrl }: ElementVariantsCheck, variant: Variant) {
  const redirect = redirectOf(variant);
  if (!isPageElement(element))
    return redirect === undefined ? undefined : SPLIT_URL_MESSAGES.notPage;
  return redirectProblem(redirect ?? '', pageUrl);
}

/**
 * Why some incoming variants may not be stored: a variant of another type than its element, an
 * empty one (blank text without a style, no image), or one equal to the original, to a kept variant or to another incoming one (spec section 5,
 * compared as `findDuplicateVariants` does). Empty when all may be stored.
 */
export function elementVariantProblems(options: ElementVariantsCheck): VariantProblem[] {
  const { element, kept = [], incoming } = options;
  const mismatched = incoming.flatMap((variant, index) =>
    variant.type === element.type
      ? []
      : [{ index, code: 'type-mismatch' as const, message: VARIANT_TYPE_MISMATCH }],
  );
  if (mismatched.length > 0) return mismatched;

  // An empty variant reports only that it is empty; a link address the page would not take,
  // only that.
  const problems: VariantProblem[] = incoming.flatMap((variant, index): VariantProblem[] => {
    const address = addressProblem(options, variant);
    if (address) return [{ index, code: 'bad-change' as const, message: address }];
    const empty = emptyVariantProblem(variant);
    if (empty) return [{ index, code: 'empty' as const, message: empty }];
    const link =
      (variant.info.href === undefined ? undefined : variantLinkProblem(variant.info.href)) ??
      (variant.info.move && moveTargetProblem(variant.info.move.target, element.selector));
    return link ? [{ index, code: 'bad-change' as const, message: link }] : [];
  });
  const empty = new Set(problems.map((problem) => problem.index));

  // The original counts as a variant: a variant equal to it is a duplicate too.
  const check = { element, kept, incoming };
  const nameOf =
    options.nameOf ??
    ((target) => `variant ${(target.kind === 'kept' ? 0 : kept.length) + target.index + 1}`);
  incoming.forEach((_variant, index) => {
    if (empty.has(index)) return;
    const equals = duplicateTarget(check, index);
    if (!equals) return;
    const name = equals.kind === 'original' ? 'the original' : nameOf(equals);
    problems.push({
      index,
      code: 'duplicate-variant',
      message: duplicateVariantMessage(name),
      equals,
    });
  });
  return problems;
}
