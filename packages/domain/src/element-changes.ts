import { z } from 'zod';
import {
  ELEMENT_CHANGE_MESSAGES,
  VARIANT_ATTRIBUTE_MAX_LENGTH,
  VARIANT_ATTRIBUTES,
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
