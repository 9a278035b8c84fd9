import {
  autoGenerationTargets,
  ERROR_MESSAGES,
  INITIAL_TEXT_VARIANTS,
  isPageElement,
  pageUrlKey,
  topPerformingVariant,
  type Campaign,
} from '@kindling/domain';
import { useEffect, type Dispatch } from 'react';
import { logger } from '../../../../lib/logger';
import { toastError } from '../../../../ui/toast';
import { isApiError } from '../../../../lib/api-client';
import { generateText } from '../api/generate-api';
import type { ElementsAction } from '../state/elements-state';

/**
 * Spec section 4, update mode: when the campaign's autoGenerationStatus asks for it (reason
 * "winners"), AI suggestions are generated for every "decisive" text element, starting from
 * its best-performing variant. An element that gets too few is reported by name.
 */
export function useAutoSuggestions(
  team: string,
  campaign: Campaign | undefined,
  dispatch: Dispatch<ElementsAction>,
): void {
  useEffect(() => {
    if (!campaign) return undefined;
    let current = true;
    const targets = autoGenerationTargets(campaign.autoGenerationStatus, campaign.elements);
    for (const element of targets) {
      // Image suggestions need image generation, which the local provider does not offer.
      if (element.type !== 'text' || isPageElement(element)) continue;
      const value = topPerformingVariant(element) ?? element.control.info.value;
      generateText(team, {
        type: element.textType,
        meta: element.meta,
        value,
        count: INITIAL_TEXT_VARIANTS,
        additional: element.objective,
        currentVariants: [element.control.info.value, ...element.variants.map((v) => v.info.value)],
        ...(pageUrlKey(campaign.ingestedUrl) === null ? {} : { url: campaign.ingestedUrl }),
      })
        .then(({ variants }) => {
          if (!current) return;
          dispatch({ type: 'addSuggestions', elementId: element.id, texts: variants });
          if (variants.length < INITIAL_TEXT_VARIANTS)
            throw new Error(ERROR_MESSAGES.notEnoughVariants);
        })
        .catch((error: unknown) => {
          if (!current) return;
          logger.warn('ai', 'Suggestions failed', { elementId: element.id, error });
          toastError(
            // A plan refusal (402) is said as the server says it; anything else is a shortfall.
            isApiError(error, 402) ? error : new Error(ERROR_MESSAGES.notEnoughVariants),
            `“${element.control.info.value}”`,
          );
        });
    }
    return () => {
      current = false;
    };
  }, [team, campaign, dispatch]);
}
