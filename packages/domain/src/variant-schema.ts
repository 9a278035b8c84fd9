import { z } from 'zod';
import { isBlankText } from './text';
import { isAllowedImageSource } from './url';
import {
  variantAttributesSchema,
  variantInsertSchema,
  variantLinkSchema,
  variantMoveSchema,
} from './element-changes';
import { variantMetricsSchema, baseMetricsSchema } from './metrics-schema';
import { REDIRECT_MAX_LENGTH, SPLIT_URL_MESSAGES } from './split-url';
import {
  VARIANT_CODE_MAX_LENGTH,
  VARIANT_CODE_MESSAGES,
  VARIANT_CSS_MAX_LENGTH,
} from './variant-code';

// Variants and their info, spec section 3.

/** A colour packed into one 32-bit integer (see color.ts); signed or unsigned form. */
export const colorSchema = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 32 - 1);
export type Color = z.infer<typeof colorSchema>;

export const textTypeSchema = z.enum(['normal', 'advanced']);
export type TextType = z.infer<typeof textTypeSchema>;

export const textAttributesSchema = z.object({
  text: z.boolean().default(true),
  color: z.boolean().default(false),
  fontSize: z.boolean().default(false),
  borderColor: z.boolean().default(false),
  borderWidth: z.boolean().default(false),
  padding: z.boolean().default(false),
  borderRadius: z.boolean().default(false),
});
export type TextAttributes = z.infer<typeof textAttributesSchema>;

const length = z.number().nonnegative();

export const paddingSchema = z.object({ top: length, right: length, bottom: length, left: length });
export type Padding = z.infer<typeof paddingSchema>;

export const borderRadiusSchema = z.object({
  topLeft: length,
  topRight: length,
  bottomLeft: length,
  bottomRight: length,
});
export type BorderRadius = z.infer<typeof borderRadiusSchema>;

export const variantStyleSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('textColor'), value: colorSchema }),
  z.object({ type: z.literal('backgroundColor'), value: colorSchema }),
  z.object({ type: z.literal('borderColor'), value: colorSchema }),
  z.object({ type: z.literal('fontSize'), value: z.number().positive() }),
  z.object({ type: z.literal('borderWidth'), value: length }),
  z.object({ type: z.literal('padding'), value: paddingSchema }),
  z.object({ type: z.literal('borderRadius'), value: borderRadiusSchema }),
]);
export type VariantStyle = z.infer<typeof variantStyleSchema>;
export type VariantStyleType = VariantStyle['type'];

export const creationMethodSchema = z.enum(['custom', 'generated']);
export type CreationMethod = z.infer<typeof creationMethodSchema>;

/**
 * The variant hides the element (issue 32: "does the page convert better without it?"): its
 * text, image and styles are kept but not shown.
 */
const hiddenSchema = z.literal(true).optional();
/**
 * A new link address and attribute values for the element, and a block inserted next to it
 * (issue 32; element-changes.ts).
 */
const elementChanges = {
  href: variantLinkSchema.optional(),
  attributes: variantAttributesSchema.optional(),
  insert: variantInsertSchema.optional(),
  /** The element (or a copy of it) moved next to another (element-move.ts). */
  move: variantMoveSchema.optional(),
  /** The variant's stylesheet and script (variant-code.ts: owners only, where allowed). */
  css: z.string().max(VARIANT_CSS_MAX_LENGTH, VARIANT_CODE_MESSAGES.cssLength).optional(),
  code: z.string().max(VARIANT_CODE_MAX_LENGTH, VARIANT_CODE_MESSAGES.codeLength).optional(),
};

export const textVariantInfoSchema = z.object({
  value: z.string(),
  hidden: hiddenSchema,
  ...elementChanges,
  /**
   * A split-URL test's variant of the whole page: the address its visitors are sent to
   * (split-url.ts; checked against the page by `elementVariantProblems`).
   */
  redirect: z.string().max(REDIRECT_MAX_LENGTH, SPLIT_URL_MESSAGES.address).optional(),
  html: z.string().optional(),
  textType: textTypeSchema.default('normal'),
  styles: z.array(variantStyleSchema).default([]),
  tone: z.string().optional(),
  creationMethod: creationMethodSchema.default('custom'),
});
export type TextVariantInfo = z.infer<typeof textVariantInfoSchema>;

/** Image generation phases; "error" is our addition for the failed state (spec 4, 8). */
export const imageStatusTypeSchema = z.enum(['start', 'analyze', 'generate', 'save', 'error']);
export type ImageStatusType = z.infer<typeof imageStatusTypeSchema>;

export const dimensionsSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Dimensions = z.infer<typeof dimensionsSchema>;

export const imageStatusSchema = z.object({
  type: imageStatusTypeSchema,
  duration: z.number().nonnegative().optional(),
  dimensions: dimensionsSchema.optional(),
  image: z.string().optional(),
});
export type ImageStatus = z.infer<typeof imageStatusSchema>;

export const imageVariantInfoSchema = z.object({
  src: z.string(),
  hidden: hiddenSchema,
  ...elementChanges,
  thumb: z.string().optional(),
  status: imageStatusSchema.optional(),
});
export type ImageVariantInfo = z.infer<typeof imageVariantInfoSchema>;

/** Client-only: "draft" = new and unsaved, "suggested" = AI suggestion not yet approved. */
export const variantMarkerSchema = z.enum(['draft', 'suggested']);
export type VariantMarker = z.infer<typeof variantMarkerSchema>;

const variantBase = z.object({
  id: z.number().int(),
  key: z.string(),
  index: z.number().int().nonnegative().optional(),
  isEnabled: z.boolean().default(true),
  marker: variantMarkerSchema.optional(),
  metrics: variantMetricsSchema.optional(),
  benchmark: baseMetricsSchema.optional(),
});

export const textVariantSchema = variantBase.extend({
  type: z.literal('text'),
  info: textVariantInfoSchema,
});
export type TextVariant = z.infer<typeof textVariantSchema>;

export const IMAGE_SOURCE_MESSAGE =
  'Use an image address that starts with http:// or https://, or upload an image.';
/** A variant's image: empty while drafted (refused as empty on save), else an allowed source. */
const variantImageSource = z
  .string()
  .refine((src) => isBlankText(src) || isAllowedImageSource(src), IMAGE_SOURCE_MESSAGE);

export const imageVariantSchema = variantBase.extend({
  type: z.literal('image'),
  // The original image (the element's control) is whatever the page shows; a variant's is ours.
  info: imageVariantInfoSchema.extend({
    src: variantImageSource,
    thumb: variantImageSource.optional(),
  }),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

export const variantSchema = z.discriminatedUnion('type', [textVariantSchema, imageVariantSchema]);
export type Variant = z.infer<typeof variantSchema>;
export type VariantType = Variant['type'];
