import { z } from 'zod';
import { endElementName, type EndableElement } from './campaign-end';

// The choices "End test" offers, per element: keep the original or roll out one variant. The
// suggestion is the variant the element's verdict names as the winner, else the original.

export const endChoiceSchema = z.object({
  elementId: z.number().int(),
  elementName: z.string(),
  options: z.array(z.object({ variantId: z.number().int().nullable(), name: z.string() })),
  /** The verdict's winner, else null (keep the original). */
  suggested: z.number().int().nullable(),
  /** The verdict's sentence, shown beside the choice; null without a verdict. */
  verdict: z.string().nullable(),
});
export type EndChoice = z.infer<typeof endChoiceSchema>;
export const endChoicesSchema = z.object({ elements: z.array(endChoiceSchema) });
export type EndChoices = z.infer<typeof endChoicesSchema>;

export interface ElementVerdictHint {
  elementId: number;
  verdict: { state: string; variantId: number | null; summary: string } | null;
}

/** What a verdict suggests rolling out: its winner, when the element still has that variant. */
export function suggestedVariant(
  element: EndableElement,
  verdict: ElementVerdictHint['verdict'],
): number | null {
  if (verdict?.state !== 'winner' || verdict.variantId === null) return null;
  return element.variants.some((variant) => variant.id === verdict.variantId)
    ? verdict.variantId
    : null;
}

export function endChoices(
  elements: readonly EndableElement[],
  verdicts: readonly ElementVerdictHint[],
): EndChoices {
  return {
    elements: elements.map((element, index) => {
      const verdict = verdicts.find((hint) => hint.elementId === element.id)?.verdict ?? null;
      return {
        elementId: element.id,
        elementName: endElementName(element, index),
        options: [
          { variantId: null, name: 'Original' },
          ...element.variants.map((variant, position) => ({
            variantId: variant.id,
            name: `Variant ${position + 1}`,
          })),
        ],
        suggested: suggestedVariant(element, verdict),
        verdict: verdict?.summary ?? null,
      };
    }),
  };
}
