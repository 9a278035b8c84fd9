import type { CampaignElement } from '@kindling/domain';
import { useEffect } from 'react';
import { useLatest } from '../../../lib/use-latest';
import type { PreviewControls } from './preview-controls';

/**
 * Goals are defined against the original page: while goals are edited the preview shows every
 * element as the original, so a picked button is named by its own text and not a variant's.
 * The variants chosen before come back when the user returns to the elements.
 */
export function useOriginalPageForGoals(options: {
  editingGoals: boolean;
  elements: readonly CampaignElement[];
  selectedVariants: Readonly<Record<number, number>>;
  preview: PreviewControls;
}): void {
  const { editingGoals, preview } = options;
  const latest = useLatest(options);
  useEffect(() => {
    const { elements, selectedVariants } = latest.current;
    for (const element of elements) {
      const chosen = editingGoals
        ? undefined
        : element.variants.find((variant) => variant.id === selectedVariants[element.id]);
      preview.showVariant(element, chosen);
    }
  }, [editingGoals, preview, latest]);
}
