import type { Thumbnail } from '@kindling/domain';
import { awaitJob } from '../../../lib/await-job';
import { requestScreenshot } from '../../../lib/campaigns-api';

const SCREENSHOT_TIMEOUT_MS = 90_000;

/**
 * Spec section 4: the screenshot is requested (the server clicks `popupClicks` first), its
 * result awaited on job-{jobId}, then the thumbnails are stored. Resolves with the thumbnail
 * addresses once the files exist.
 */
export async function captureThumbnail(
  team: string,
  url: string,
  popupClicks: readonly string[],
): Promise<Thumbnail> {
  const request = await requestScreenshot(team, url, popupClicks);
  await awaitJob({
    team,
    jobId: request.jobId,
    timeoutMs: SCREENSHOT_TIMEOUT_MS,
    failedMessage: 'The screenshot failed',
  });
  return { small: request.thumbnailSmall, large: request.thumbnailLarge };
}
