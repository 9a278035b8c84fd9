import { z } from 'zod';
import { elementFingerprintSchema } from './fingerprint-schema';
import { baseMetricsSchema, variantMetricsSchema } from './metrics-schema';
import {
  colorSchema,
  imageVariantInfoSchema,
  imageVariantSchema,
  paddingSchema,
  borderRadiusSchema,
  textAttributesSchema,
  textTypeSchema,
  textVariantInfoSchema,
  textVariantSchema,
} from './variant-schema';

// Elements picked on the page, spec section 3.

const colorStat = z.object({ value: colorSchema });

/** Computed styles seen on the element, reported by the preview agent. */
export const domStatsSchema = z.object({
  textColor: z.array(colorStat).default([]),
  backgroundColor: z.array(colorStat).default([]),
  fontSize: z.array(z.object({ size: z.number().nonnegative() })).default([]),
  borderColor: z.array(colorStat).default([]),
  borderWidth: z.array(z.object({ width: z.number().nonnegative() })).default([]),
  padding: z.array(paddingSchema).default([]),
  borderRadius: z.array(borderRadiusSchema).default([]),
});
export type DomStats = z.infer<typeof domStatsSchema>;

export const elementTypeSchema = z.enum(['text', 'image']);
export type ElementType = z.infer<typeof elementTypeSchema>;

const elementBase = z.object({
  id: z.number().int(),
  selector: z.string().trim().min(1),
  /** What the element looked like when picked, to find it when the selector fails (issue 11). */
  fingerprint: elementFingerprintSchema.optional(),
  key: z.string(),
  index: z.number().int().nonnegative().optional(),
  /** Client-only marker on elements created in the browser and not yet saved. */
  __new__: z.boolean().optional(),
  /** AI context description of the element. */
  meta: z.string().nullish(),
  metrics: variantMetricsSchema.optional(),
  benchmark: baseMetricsSchema.optional(),
});

const controlBase = z.object({
  /** Always 0 once loaded: the control is variant 0 (see reindexCampaign). */
  index: z.number().int().nonnegative().optional(),
  metrics: variantMetricsSchema.optional(),
});

export const textElementSchema = elementBase.extend({
  type: z.literal('text'),
  control: controlBase.extend({ info: textVariantInfoSchema }),
  variants: z.array(textVariantSchema).default([]),
  textType: textTypeSchema.optional(),
  objective: z.string().optional(),
  attributes: textAttributesSchema.optional(),
  domStats: domStatsSchema.optional(),
});
export type TextElement = z.infer<typeof textElementSchema>;

export const imageElementSchema = elementBase.extend({
  type: z.literal('image'),
  control: controlBase.extend({ info: imageVariantInfoSchema }),
  variants: z.array(imageVariantSchema).default([]),
  /** Prompt used for AI image generation. */
  prompt: z.string().optional(),
});
export type ImageElement = z.infer<typeof imageElementSchema>;

export const elementSchema = z.discriminatedUnion('type', [textElementSchema, imageElementSchema]);
export type CampaignElement = z.infer<typeof elementSchema>;
export type ElementControl = CampaignElement['control'];
