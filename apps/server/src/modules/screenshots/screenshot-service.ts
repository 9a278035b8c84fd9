import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { z } from 'zod';
import type { Config } from '../../config';
import { PermanentJobError, type JobHandler } from '../jobs/job-types';
import { capturePage, VIEWPORT } from './capture-page';
import { chromiumResolver } from './chromium-resolver';
import { screenshotStore, thumbnailName, thumbnailUrls } from './screenshot-files';
import { Semaphore } from './semaphore';
import { SharedBrowser } from './shared-browser';

export const SCREENSHOT_JOB = 'screenshot';
export const LOAD_FAILED_MESSAGE = 'The page could not be captured';
export const SMALL = { width: 320, height: 200 };

export const screenshotPayloadSchema = z.object({ url: z.url() });

export interface ScreenshotService {
  handle: JobHandler;
  close(): Promise<void>;
}

type ScreenshotConfig = Pick<
  Config,
  | 'CHROMIUM_PATH'
  | 'DATA_DIR'
  | 'PREVIEW_ALLOW_HOSTS'
  | 'SCREENSHOT_CONCURRENCY'
  | 'SCREENSHOT_TIMEOUT_MS'
>;

export function createScreenshotService({
  config,
  log,
}: {
  config: ScreenshotConfig;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): ScreenshotService {
  const browser = new SharedBrowser(config.CHROMIUM_PATH);
  const slots = new Semaphore(config.SCREENSHOT_CONCURRENCY);
  const resolve = chromiumResolver();

  const capture = (jobId: string, url: string) =>
    slots.use(async () => {
      const chromium = await browser.get();
      try {
        return await capturePage(chromium, {
          url,
          timeoutMs: config.SCREENSHOT_TIMEOUT_MS,
          allowHosts: config.PREVIEW_ALLOW_HOSTS,
          resolve,
          onRefused: (refused) => log.warn({ jobId, refused }, 'screenshot request refused'),
        });
      } catch (error) {
        // A crashed browser is worth another attempt on a fresh one; a page that failed is not.
        if (error instanceof PermanentJobError || !chromium.isConnected()) throw error;
        log.warn({ err: error, jobId }, 'screenshot page failed');
        throw new PermanentJobError(LOAD_FAILED_MESSAGE);
      }
    });

  return {
    async handle(job) {
      const { url } = screenshotPayloadSchema.parse(job.payload);
      const png = await capture(job.id, url);
      const [small, large] = await Promise.all([
        sharp(png).resize(SMALL.width, SMALL.height).png().toBuffer(),
        sharp(png).resize(VIEWPORT.width, VIEWPORT.height).webp({ quality: 82 }).toBuffer(),
      ]);
      await screenshotStore(config.DATA_DIR).write([
        { name: thumbnailName(job.id, 'small'), data: small },
        { name: thumbnailName(job.id, 'large'), data: large },
      ]);
      return thumbnailUrls(job.id);
    },
    close: () => browser.close(),
  };
}
