import { pickSuggestions, type TextGenerationRequest, type TextProvider } from './text-provider';

export interface GeneratedText {
  variants: string[];
  /** Whether the suggestions came from the offline provider. */
  offline: boolean;
}

/**
 * Spec section 7, generate-text. Whatever the provider answers, at most `count` suggestions
 * leave, each non-blank, distinct, and different from the text and its current variants. Fewer
 * than asked is still an answer: the client reports "Could not generate enough variants".
 * The page's words to avoid are enforced here too, whatever a model made of the prompt.
 */
export async function generateText(
  { provider }: { provider: TextProvider },
  { request }: { request: TextGenerationRequest },
): Promise<GeneratedText> {
  const produced = await provider.generateText(request);
  return {
    offline: provider.offline,
    variants: pickSuggestions({
      candidates: produced,
      value: request.value,
      exclude: request.currentVariants,
      count: request.count,
      avoid: request.pageContext?.avoidWords ?? [],
    }),
  };
}
