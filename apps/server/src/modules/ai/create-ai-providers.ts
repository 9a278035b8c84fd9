import type { Config } from '../../config';
import type { ElementDescriber } from './describe/element-describer';
import { createLocalElementDescriber } from './describe/local-element-describer';
import type { ImageProvider } from './images/image-provider';
import { createLocalImageProvider } from './images/local-image-provider';
import { createLocalTextProvider } from './local-text-provider';
import { createOpenAiElementDescriber } from './openai/openai-element-describer';
import { createOpenAiHttp } from './openai/openai-http';
import { createOpenAiImageProvider } from './openai/openai-image-provider';
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
  | 'PREVIEW_ALLOW_HOSTS'
>;

const openAiHttpOf = (config: AiConfig) =>
  createOpenAiHttp({
    baseUrl: config.AI_BASE_URL,
    ...(config.AI_API_KEY ? { apiKey: config.AI_API_KEY } : {}),
    timeoutMs: config.AI_TIMEOUT_MS,
    maxAttempts: config.AI_MAX_ATTEMPTS,
  });

export interface AiProviders {
  text: TextProvider;
  image: ImageProvider;
  describer: ElementDescriber;
}

/** The providers AI_PROVIDER names. */
export function createAiProviders(config: AiConfig): AiProviders {
  switch (config.AI_PROVIDER) {
    case 'local':
      return {
        text: createLocalTextProvider(),
        image: createLocalImageProvider(),
        describer: createLocalElementDescriber(),
      };
    case 'openai': {
      const http = openAiHttpOf(config);
      return {
        text: createOpenAiTextProvider({ http, model: config.AI_TEXT_MODEL }),
        describer: createOpenAiElementDescriber({ http, model: config.AI_TEXT_MODEL }),
        image: createOpenAiImageProvider({
          http,
          model: config.AI_IMAGE_MODEL,
          timeoutMs: config.AI_TIMEOUT_MS,
          allowHosts: config.PREVIEW_ALLOW_HOSTS,
        }),
      };
    }
  }
}
