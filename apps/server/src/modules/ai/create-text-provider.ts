import type { Config } from '../../config';
import { createLocalTextProvider } from './local-text-provider';
import type { TextProvider } from './text-provider';

/** The text provider AI_PROVIDER names. */
export function createTextProvider(config: Pick<Config, 'AI_PROVIDER'>): TextProvider {
  switch (config.AI_PROVIDER) {
    case 'local':
      return createLocalTextProvider();
  }
}
