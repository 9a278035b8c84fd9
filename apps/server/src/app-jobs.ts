import { webhookRetryDelay } from '@kindling/domain';
import type { AppInstance, AppServices } from './http/types';
import type { Outbox } from './mail/outbox';
import type { AiProviders } from './modules/ai/create-ai-providers';
import { GENERATE_IMAGE_JOB, generateImageJob } from './modules/ai/images/generate-image-job';
import { createJobWorker, jobWorkerSettings } from './modules/jobs/job-worker';
import { notifyTeam } from './modules/notifications/notify-team';
import { SCREENSHOT_JOB, type ScreenshotService } from './modules/screenshots/screenshot-service';
import { deliverWebhookJob } from './modules/webhooks/deliver-webhook';
import { WEBHOOK_JOB } from './modules/webhooks/emit-webhook-event';

/**
 * The job worker of this process, wired for app.ts: what each job type runs (screenshots, AI
 * images, webhook deliveries) and the webhooks' own back-off (minutes, then hours).
 */
export function createAppWorker(
  app: AppInstance,
  services: AppServices,
  {
    screenshots,
    aiProviders,
    outbox,
  }: { screenshots: ScreenshotService; aiProviders: AiProviders; outbox: Outbox },
) {
  const { config } = services;
  return createJobWorker({
    db: services.db,
    bus: services.bus,
    log: app.log,
    handlers: {
      [SCREENSHOT_JOB]: screenshots.handle,
      [GENERATE_IMAGE_JOB]: generateImageJob({ config, provider: aiProviders.image }),
      [WEBHOOK_JOB]: deliverWebhookJob({
        db: services.db,
        config,
        notify: (notice) => notifyTeam({ ...services, outbox, log: app.log }, notice),
      }),
    },
    retryDelays: { [WEBHOOK_JOB]: webhookRetryDelay },
    ...jobWorkerSettings(config),
  });
}
