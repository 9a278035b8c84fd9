import type { UrlContext } from '@kindling/domain';
import { z } from 'zod';
import { fillPrompt, loadPrompt } from '../prompts';
import {
  maxSuggestionLength,
  resolveTone,
  type TextGenerationRequest,
  type TextProvider,
} from '../text-provider';
import { chatJson } from './chat-json';
import type { OpenAiHttp } from './openai-http';

const answerSchema = z.object({ variants: z.array(z.string()) });
const NONE = '(none)';

/** The page's offer, audience and voice, one line each (the words to avoid have their own). */
function pageContextLines(context: UrlContext | undefined): string {
  const lines = [
    ['What the page offers', context?.offer],
    ['Who it is for', context?.audience],
    ['Voice', context?.voice],
  ]
    .filter(([, value]) => value)
    .map(([label, value]) => `- ${label}: ${value}`);
  return lines.length > 0 ? lines.join('\n') : NONE;
}

/** The user half of the rewrite prompt for one request. */
export function rewriteValues(request: TextGenerationRequest): Record<string, string> {
  return {
    count: String(request.count),
    format:
      request.textType === 'advanced'
        ? 'HTML: keep its tags and attributes, change only the words'
        : 'plain text',
    value: request.value,
    tone: request.tone?.trim() ? request.tone.trim() : resolveTone(undefined),
    objective: request.additional?.trim() || NONE,
    elementContext: request.meta?.trim() || NONE,
    instructions: request.instructions?.trim() || NONE,
    pageContext: pageContextLines(request.pageContext),
    avoidWords: request.pageContext?.avoidWords.length
      ? request.pageContext.avoidWords.join(', ')
      : NONE,
    maxLength: String(maxSuggestionLength(request.value)),
    avoid:
      request.currentVariants.length > 0
        ? request.currentVariants.map((text) => `- ${text}`).join('\n')
        : NONE,
  };
}

/** Text rewrites from an OpenAI-compatible chat model (prompts/rewrite-text.*.md). */
export function createOpenAiTextProvider(options: {
  http: OpenAiHttp;
  model: string;
}): TextProvider {
  const prompt = loadPrompt('rewrite-text');
  return {
    offline: false,
    async generateText(request) {
      const answer = await chatJson(options.http, {
        model: options.model,
        prompt: { system: prompt.system, user: fillPrompt(prompt.user, rewriteValues(request)) },
        schema: answerSchema,
      });
      return answer.variants;
    },
  };
}
