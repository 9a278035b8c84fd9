import { z } from 'zod';
import {
  ELEMENT_CHANGE_MESSAGES,
  VARIANT_ATTRIBUTE_MAX_LENGTH,
  VARIANT_ATTRIBUTES,
  VARIANT_INSERT_MAX_LENGTH,
  VARIANT_INSERT_POSITIONS,
  variantLinkProblem,
} from './element-change-rules';
import {
  MOVE_MESSAGES,
  VARIANT_MOVE_POSITIONS,
  VARIANT_MOVE_TARGET_MAX_LENGTH,
} from './element-move';

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

/**
 * The element, or a copy of it (`copy`), moved before, after or inside the element `target`
 * names (issue 32; element-move.ts). The target is checked against the element by
 * `elementVariantProblems`.
 */
export const variantMoveSchema = z.object({
  position: z.enum(VARIANT_MOVE_POSITIONS, MOVE_MESSAGES.position),
  target: z
    .string(MOVE_MESSAGES.target)
    .max(VARIANT_MOVE_TARGET_MAX_LENGTH, MOVE_MESSAGES.targetLength)
    .refine((target) => target.trim() !== '', MOVE_MESSAGES.target),
  copy: z.boolean().optional(),
});
export type VariantMove = z.infer<typeof variantMoveSchema>;
