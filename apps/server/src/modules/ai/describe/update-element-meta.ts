import { createHash } from 'node:crypto';
import { ERROR_MESSAGES, type UpdateElementMetaRequest } from '@kindling/domain';
import type { Db } from '../../../db/database';
import { AiProviderError } from '../openai/ai-provider-error';
import type { ElementDescriber } from './element-describer';
import { findDescription, saveDescription } from './repo';

const MAX_DESCRIPTION = 1_000;

/**
 * Spec section 7, update-element-meta: the element's description, from the team's cache when
 * the same key was described from the same context, else written by the provider and cached.
 * A failure answers "Could not update element meta" with the reason.
 */
export async function updateElementMeta(
  { db, describer }: { db: Db; describer: ElementDescriber },
  { teamId, request }: { teamId: number; request: UpdateElementMetaRequest },
): Promise<{ id: number; meta: string; cached: boolean }> {
  const contextHash = createHash('sha256').update(request.context).digest('hex');
  const cached = await findDescription(db, teamId, request.cacheKey);
  if (cached?.contextHash === contextHash) {
    return { id: request.id, meta: cached.description, cached: true };
  }
  let description: string;
  try {
    description = (await describer.describe({ context: request.context })).trim();
  } catch (error) {
    if (error instanceof AiProviderError) {
      throw new AiProviderError(`${ERROR_MESSAGES.elementMeta}: ${error.message}`);
    }
    throw error;
  }
  if (!description) throw new AiProviderError(ERROR_MESSAGES.elementMeta);
  const meta = description.slice(0, MAX_DESCRIPTION);
  await saveDescription(db, { teamId, cacheKey: request.cacheKey, contextHash, description: meta });
  return { id: request.id, meta, cached: false };
}
