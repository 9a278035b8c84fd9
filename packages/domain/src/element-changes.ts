import { z } from 'zod';
import {
  ELEMENT_CHANGE_MESSAGES,
  VARIANT_ATTRIBUTE_MAX_LENGTH,
  VARIANT_ATTRIBUTES,
  VARIANT_INSERT_MAX_LENGTH,
  VARIANT_INSERT_POSITIONS,
  variantLinkProblem,
} from './element-change-rules';

// The schemas of a variant's link and attribute changes (issue 32). Apart from the rules
// (element-change-rules.ts), which the tracker's bundles import without zod.

export const variantLinkSchema = z.string().superRefine((href, context) => {
  const problem = variantLinkProblem(href);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

export const variantAttributesSchema = z.partialRecord(
  z.enum(VARIANT_ATTRIBUTES, ELEMENT_CHANGE_MESSAGES.attributeName),
  z.string().max(VARIANT_ATTRIBUTE_MAX_LENGTH, ELEMENT_CHANGE_MESSAGES.attributeLength),
  { error: ELEMENT_CHANGE_MESSAGES.attributeName },
);
export type VariantAttributes = z.infer<typeof variantAttributesSchema>;

/**
 * A block of HTML inserted before or after the element (issue 32), under the HTML policy's block
 * profile: the server cleans it before it is stored, and the page runtime again.
 */
export const variantInsertSchema = z.object({
  position: z.enum(VARIANT_INSERT_POSITIONS, ELEMENT_CHANGE_MESSAGES.insertPosition),
  html: z
    .string(ELEMENT_CHANGE_MESSAGES.insertEmpty)
    .max(VARIANT_INSERT_MAX_LENGTH, ELEMENT_CHANGE_MESSAGES.insertLength)
    .refine((html) => html.trim() !== '', ELEMENT_CHANGE_MESSAGES.insertEmpty),
});
export type VariantInsert = z.infer<typeof variantInsertSchema>;
