import { MAX_DRAFT_VARIANTS } from './constants';

// Spec sections 4, 5 and 9: an element takes at most 5 new variants at a time. The editor's
// "add variant", the upload check and every server write (create, save, add-variants, upload)
// ask this one rule.

export const NEW_VARIANT_LIMIT_MESSAGE = `You can add up to ${MAX_DRAFT_VARIANTS} new variants to an element at a time.`;

/** Whether `adding` more new variants fit next to the element's `existing` new ones. */
export function fitsNewVariantLimit({
  existing = 0,
  adding,
}: {
  existing?: number;
  adding: number;
}): boolean {
  return existing + adding <= MAX_DRAFT_VARIANTS;
}
