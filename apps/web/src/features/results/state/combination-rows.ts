import { isAllOriginal, type CampaignElement, type CombinationsAnswer } from '@kindling/domain';
import { elementName, variantName } from '../../../lib/campaign-names';

export interface CombinationLine {
  key: string;
  /** Per element, in the campaign's order: "Original" or "Variant 2". */
  shown: { element: string; arm: string }[];
  visitors: number;
  converted: number;
  /** Converted visitors per visitor, 0..1. */
  rate: number;
  allOriginal: boolean;
}

/** The combinations table's rows, named as the campaign's elements and variants are. */
export function combinationLines(
  elements: readonly CampaignElement[],
  answer: CombinationsAnswer,
): CombinationLine[] {
  return answer.combinations.map((row) => ({
    key: JSON.stringify(row.assignments),
    shown: elements.map((element, index) => {
      const variantId = row.assignments[String(element.id)] ?? 0;
      const position = element.variants.findIndex((variant) => variant.id === variantId);
      return {
        element: elementName(element, index),
        arm: position < 0 ? 'Original' : variantName(position),
      };
    }),
    visitors: row.visitors,
    converted: row.converted,
    rate: row.visitors === 0 ? 0 : row.converted / row.visitors,
    allOriginal: isAllOriginal(row),
  }));
}
