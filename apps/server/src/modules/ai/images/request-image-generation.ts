import type { ImageGenerationRequest } from '@kindling/domain';
import type { AppServices } from '../../../http/types';
import { enqueueJob } from '../../jobs/enqueue-job';
import { reserveGeneration } from '../generation-allowance';
import { GENERATE_IMAGE_JOB } from './generate-image-job';

/** A provider failure is reported, not retried: the HTTP client already retried it. */
const MAX_ATTEMPTS = 2;

/**
 * Queues the images of one request; the caller follows `job-{jobId}`. The request counts against
 * the team's monthly AI generations (402 once they are used), in the transaction that queues it.
 */
export async function requestImageGeneration(
  { db, config }: Pick<AppServices, 'db' | 'config'>,
  { teamId, request, nowMs }: { teamId: number; request: ImageGenerationRequest; nowMs: number },
): Promise<{ jobId: string }> {
  return db.transaction().execute(async (tx) => {
    await reserveGeneration({ tx, config }, { teamId, kind: 'image', nowMs });
    const { id } = await enqueueJob(
      { db: tx },
      { teamId, type: GENERATE_IMAGE_JOB, payload: request, maxAttempts: MAX_ATTEMPTS },
    );
    return { jobId: id };
  });
}
