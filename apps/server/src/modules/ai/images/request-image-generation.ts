import type { ImageGenerationRequest } from '@kindling/domain';
import type { Db } from '../../../db/database';
import { enqueueJob } from '../../jobs/enqueue-job';
import { GENERATE_IMAGE_JOB } from './generate-image-job';

/** A provider failure is reported, not retried: the HTTP client already retried it. */
const MAX_ATTEMPTS = 2;

/** Queues the images of one request; the caller follows `job-{jobId}`. */
export async function requestImageGeneration(
  { db }: { db: Db },
  { teamId, request }: { teamId: number; request: ImageGenerationRequest },
): Promise<{ jobId: string }> {
  const { id } = await enqueueJob(
    { db },
    { teamId, type: GENERATE_IMAGE_JOB, payload: request, maxAttempts: MAX_ATTEMPTS },
  );
  return { jobId: id };
}
