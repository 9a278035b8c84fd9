import type { Thumbnail } from '@kindling/domain';
import { api, teamApiPath } from '../../../lib/api-client';
import { requestScreenshot } from '../../../lib/campaigns-api';
import { followJob } from '../../../lib/job-follower';

const SCREENSHOT_TIMEOUT_MS = 90_000;
const POLL_MS = 2_000;

interface JobView {
  status: string;
  error: string | null;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/** A follower that subscribes after the job already finished misses its message; ask instead. */
async function pollJob(team: string, jobId: string, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    await sleep(POLL_MS, signal);
    if (signal.aborted) return;
    const job = await api.get<JobView>(teamApiPath(team, '/jobs/by-id', { id: jobId }));
    if (job.status === 'succeeded') return;
    if (job.status === 'failed') throw new Error(job.error ?? 'The screenshot failed');
  }
}

/**
 * Spec section 4: the screenshot is requested (the server clicks `popupClicks` first), its result awaited on job-{jobId}, then the
 * thumbnails are stored. Resolves with the thumbnail addresses once the files exist.
 */
export async function captureThumbnail(
  team: string,
  url: string,
  popupClicks: readonly string[],
): Promise<Thumbnail> {
  const request = await requestScreenshot(team, url, popupClicks);
  const stop = new AbortController();
  try {
    await Promise.race([
      followJob({
        jobId: request.jobId,
        handlers: { progress: () => undefined, result: () => 'done' },
        timeoutMs: SCREENSHOT_TIMEOUT_MS,
        signal: stop.signal,
      }),
      pollJob(team, request.jobId, stop.signal),
    ]);
  } finally {
    stop.abort();
  }
  return { small: request.thumbnailSmall, large: request.thumbnailLarge };
}
