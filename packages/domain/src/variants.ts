import { isBlankText } from './text';
import { variantCodeOf } from './variant-code';
import { fitsNewVariantLimit } from './variant-limit';
import type { TextVariantInfo, Variant, VariantMarker, VariantStyleType } from './variant-schema';

// Variant rules of spec sections 4 and 5 (uploads live in uploads.ts).

export const DUPLICATE_VARIANT = {
  code: 'duplicate-variant',
  message:
    'You have a duplicate variant. Please change an attribute or delete the duplicate variant to continue.',
} as const;

type TextInfoLike = Pick<TextVariantInfo, 'value' | 'html' | 'textType' | 'styles'>;

const isBlank = (text: string | undefined): boolean => isBlankText(text);

export const EMPTY_VARIANT_MESSAGES = {
  text: 'Enter the new text or choose a style for this variant.',
  image: 'Upload an image or enter an image URL for this variant.',
} as const;

/** Normal: a non-blank value or at least one style. Advanced: non-blank html. */
export function isValidTextVariant(info: TextInfoLike): boolean {
  if (info.textType === 'advanced') return !isBlank(info.html);
  return !isBlank(info.value) || info.styles.length > 0;
}

/** Why a variant shows nothing new (blank text without a style, no image), or undefined. */
export function emptyVariantProblem(variant: Variant): string | undefined {
  if (variant.info.hidden || changesElement(variant)) return undefined;
  if (variant.type === 'image') {
    return isBlankText(variant.info.src) ? EMPTY_VARIANT_MESSAGES.image : undefined;
  }
  return isValidTextVariant(normalizeVariantMode(variant.info))
    ? undefined
    : EMPTY_VARIANT_MESSAGES.text;
}

/** An advanced variant without (non-blank) html reverts to normal. */
export function normalizeVariantMode<T extends TextInfoLike>(info: T): T {
  if (info.textType !== 'advanced' || !isBlank(info.html)) return info;
  return { ...info, textType: 'normal', html: undefined };
}

/** Switch to advanced, copying value into html when html is unset (missing or blank). */
export function toAdvanced<T extends TextInfoLike>(info: T): T {
  return { ...info, textType: 'advanced', html: isBlank(info.html) ? info.value : info.html };
}

function styleValue(info: TextInfoLike, type: VariantStyleType): unknown {
  const value = info.styles.find((style) => style.type === type)?.value;
  return typeof value === 'number' && type !== 'fontSize' ? value >>> 0 : (value ?? null);
}

/** Two variants show the same thing when their keys are equal (see findDuplicateVariants). */
export function variantComparisonKey(variant: Variant): string {
  // Every variant that hides the element shows the same thing, whatever it kept.
  if (variant.info.hidden) return JSON.stringify(['hidden']);
  const changes = changesElement(variant)
    ? [
        variant.info.href ?? null,
        Object.entries(variant.info.attributes ?? {}).sort(),
        variant.info.insert ?? null,
        moveOf(variant) ?? null,
        redirectOf(variant) ?? null,
        variantCodeOf(variant.info),
      ]
    : [];
  if (variant.type === 'image') return JSON.stringify(['image', variant.info.src, ...changes]);
  const info = normalizeVariantMode(variant.info);
  if (info.textType === 'advanced') {
    return JSON.stringify(['advanced', info.html?.trim(), ...changes]);
  }
  return JSON.stringify([
    'normal',
    info.value.trim(),
    styleValue(info, 'textColor'),
    styleValue(info, 'backgroundColor'),
    styleValue(info, 'fontSize'),
    ...changes,
  ]);
}

/** The variant sets a link address or an attribute (issue 32, element-changes.ts). */
export const changesLinkOrAttributes = (variant: Variant): boolean =>
  variant.info.href !== undefined || Object.keys(variant.info.attributes ?? {}).length > 0;

/** Where the variant moves its element (or a copy of it), the target trimmed; element-move.ts. */
export const moveOf = (variant: Variant): Variant['info']['move'] =>
  variant.info.move && { ...variant.info.move, target: variant.info.move.target.trim() };

/** A split-URL variant's address (split-url.ts), trimmed. */
export const redirectOf = (variant: Variant): string | undefined =>
  'redirect' in variant.info ? variant.info.redirect?.trim() : undefined;

/**
 * The variant changes the element beyond its content: a link, an attribute, a block beside it,
 * a move, or (the whole page) the address its visitors go to.
 */
export const changesElement = (variant: Variant): boolean =>
  changesLinkOrAttributes(variant) ||
  variant.info.insert !== undefined ||
  variant.info.move !== undefined ||
  redirectOf(variant) !== undefined ||
  Object.values(variantCodeOf(variant.info)).some((text) => text !== null);

/**
 * The new (draft) variants that equal another variant of the same element (pass
 * one element's variants). Normal text variants compare on trimmed value, text
 * colour, background colour and font size; advanced ones on html; image variants
 * (not covered by the spec) on src. A text and an image variant never match.
 */
export function findDuplicateVariants<V extends Variant>(variants: readonly V[]): V[] {
  const counts = new Map<string, number>();
  const keys = variants.map(variantComparisonKey);
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return variants.filter((variant, i) => {
    const key = keys[i];
    return variant.marker === 'draft' && key !== undefined && (counts.get(key) ?? 0) > 1;
  });
}

/** Variants can be added while there are fewer than 5 new draft variants. */
export function canAddDraftVariant(variants: readonly { marker?: VariantMarker }[]): boolean {
  const existing = variants.filter((variant) => variant.marker === 'draft').length;
  return fitsNewVariantLimit({ existing, adding: 1 });
}
