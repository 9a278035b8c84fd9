import { z } from 'zod';
import type { ElementDescriber } from '../describe/element-describer';
import { fillPrompt, loadPrompt } from '../prompts';
import { chatJson } from './chat-json';
import type { OpenAiHttp } from './openai-http';

const answerSchema = z.object({ description: z.string().min(1) });

/** Element descriptions from an OpenAI-compatible chat model (prompts/describe-element.*.md). */
export function createOpenAiElementDescriber(options: {
  http: OpenAiHttp;
  model: string;
}): ElementDescriber {
  const prompt = loadPrompt('describe-element');
  return {
    async describe({ context }) {
      const answer = await chatJson(options.http, {
        model: options.model,
        prompt: { system: prompt.system, user: fillPrompt(prompt.user, { context }) },
        schema: answerSchema,
        temperature: 0.2,
      });
      return answer.description;
    },
  };
}
