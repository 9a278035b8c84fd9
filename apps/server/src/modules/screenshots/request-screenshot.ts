import { isValidCampaignUrl, normalizeUrl } from '@kindling/domain';
import { validationError } from '../../errors';
import type { AppServices } from '../../http/types';
import { enqueueJob } from '../jobs/enqueue-job';
import { guardedLookup } from '../../egress/guarded-lookup';
import { chromiumResolver } from './chromium-resolver';
import { thumbnailUrls } from './screenshot-files';
import { SCREENSHOT_JOB } from './screenshot-service';
import { configuredPagesOrigin } from '../pages/page-origin';

const INVALID_URL = 'This address is not valid';
/** One retry, for a crashed browser; page failures are not retried at all. */
const MAX_ATTEMPTS = 2;

/**
 * Queues a screenshot of `url` (taken after clicking `popupClicks`) and answers at once with the addresses the thumbnails will
 * have. The host is checked before anything is queued, so a refused address costs no job.
 */
export async function requestScreenshot(
  services: Pick<AppServices, 'db' | 'config'>,
  { teamId, url, popupClicks = [] }: { teamId: number; url: string; popupClicks?: string[] },
) {
  const target = normalizeUrl(url);
  // The campaign URL rule (the app's own pages too); the host guard below still decides.
  const valid = isValidCampaignUrl(target, configuredPagesOrigin(services.config));
  const parsed = valid ? URL.parse(target) : null;
  if (!parsed) throw validationError(INVALID_URL, { url: INVALID_URL });
  await guardedLookup(parsed.hostname, {
    allowHosts: services.config.PREVIEW_ALLOW_HOSTS,
    resolve: chromiumResolver(),
  });
  const { id } = await enqueueJob(services, {
    teamId,
    type: SCREENSHOT_JOB,
    payload: { url: parsed.href, popupClicks },
    maxAttempts: MAX_ATTEMPTS,
  });
  return { jobId: id, ...thumbnailUrls(id) };
}
