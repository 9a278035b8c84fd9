import type { AppServices } from '../../http/types';
import { generateText, type GeneratedText } from './generate-text';
import { releaseGeneration, reserveGeneration } from './generation-allowance';
import type { TextGenerationRequest, TextProvider } from './text-provider';

/**
 * POST /campaign/generate-text for a team: counts against the team's monthly AI generations
 * (refused with 402 once they are used), then asks the provider. A provider failure gives the
 * generation back.
 */
export async function requestTextGeneration(
  { db, config, provider }: Pick<AppServices, 'db' | 'config'> & { provider: TextProvider },
  { teamId, request, nowMs }: { teamId: number; request: TextGenerationRequest; nowMs: number },
): Promise<GeneratedText> {
  const id = await db
    .transaction()
    .execute((tx) => reserveGeneration({ tx, config }, { teamId, kind: 'text', nowMs }));
  try {
    return await generateText({ provider }, { request });
  } catch (error) {
    await releaseGeneration({ db }, { teamId, id });
    throw error;
  }
}
