import type { Config } from '../../config';
import { createLocalTextProvider } from './local-text-provider';
import { createOpenAiHttp } from './openai/openai-http';
import { createOpenAiTextProvider } from './openai/openai-text-provider';
import type { TextProvider } from './text-provider';

export type AiConfig = Pick<
  Config,
  | 'AI_PROVIDER'
  | 'AI_BASE_URL'
  | 'AI_API_KEY'
  | 'AI_TEXT_MODEL'
  | 'AI_IMAGE_MODEL'
  | 'AI_TIMEOUT_MS'
  | 'AI_MAX_ATTEMPTS'
>;

export const openAiHttpOf = (config: AiConfig) =>
  createOpenAiHttp({
    baseUrl: config.AI_BASE_URL,
    ...(config.AI_API_KEY ? { apiKey: config.AI_API_KEY } : {}),
    timeoutMs: config.AI_TIMEOUT_MS,
    maxAttempts: config.AI_MAX_ATTEMPTS,
  });

/** The text provider AI_PROVIDER names. */
export function createTextProvider(config: AiConfig): TextProvider {
  switch (config.AI_PROVIDER) {
    case 'local':
      return createLocalTextProvider();
    case 'openai':
      return createOpenAiTextProvider({ http: openAiHttpOf(config), model: config.AI_TEXT_MODEL });
  }
}
