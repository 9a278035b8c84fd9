import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { popupClicksSchema } from '@kindling/domain';
import { z } from 'zod';
import {
  NO_CHROMIUM_MESSAGE,
  resolveChromium,
  type ResolveChromiumOptions,
} from '../../browser/resolve-chromium';
import type { Config } from '../../config';
import { PermanentJobError, type JobHandler } from '../jobs/job-types';
import { capturePage, VIEWPORT } from './capture-page';
import { chromiumResolver } from './chromium-resolver';
import { screenshotStore, thumbnailName, thumbnailUrls } from './screenshot-files';
import { Semaphore } from './semaphore';
import { BrowserUnavailableError, SharedBrowser } from './shared-browser';

export const SCREENSHOT_JOB = 'screenshot';
export const LOAD_FAILED_MESSAGE = 'The page could not be captured';
export const SMALL = { width: 320, height: 200 };

export const screenshotPayloadSchema = z.object({
  url: z.url(),
  popupClicks: popupClicksSchema.default([]),
});

export interface ScreenshotService {
  handle: JobHandler;
  /** Looks up the browser now (at start) rather than at the first shot, and logs which. */
  prepare(): Promise<void>;
  close(): Promise<void>;
}

/** Test seams: where the system browser is looked for, and the bundled build. */
export type ChromiumSeams = Pick<ResolveChromiumOptions, 'systemPaths' | 'loadBundled'>;

type ServiceLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

type ScreenshotConfig = Pick<
  Config,
  | 'CHROMIUM_PATH'
  | 'DATA_DIR'
  | 'PREVIEW_ALLOW_HOSTS'
  | 'SCREENSHOT_CONCURRENCY'
  | 'SCREENSHOT_TIMEOUT_MS'
>;

async function findChromium(options: ResolveChromiumOptions & { log: ServiceLog }) {
  const found = await resolveChromium(options);
  if (found) {
    const { source, executablePath } = found;
    options.log.info(
      { source, executablePath },
      `screenshots use Chromium from ${source}: ${executablePath}`,
    );
  } else {
    options.log.warn(NO_CHROMIUM_MESSAGE);
  }
  return found;
}

export function createScreenshotService({
  config,
  log,
  seams = {},
}: {
  config: ScreenshotConfig;
  log: ServiceLog;
  seams?: ChromiumSeams;
}): ScreenshotService {
  const browser = new SharedBrowser(() =>
    findChromium({ chromiumPath: config.CHROMIUM_PATH, log, ...seams }),
  );
  const slots = new Semaphore(config.SCREENSHOT_CONCURRENCY);
  const resolve = chromiumResolver();

  const capture = (jobId: string, url: string, popupClicks: readonly string[]) =>
    slots.use(async () => {
      const chromium = await browser.get().catch((error: unknown) => {
        // Said once at start too; here it becomes the job's message for the user.
        throw error instanceof BrowserUnavailableError
          ? new PermanentJobError(error.message)
          : error;
      });
      try {
        return await capturePage(chromium, {
          url,
          popupClicks,
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
      const { url, popupClicks } = screenshotPayloadSchema.parse(job.payload);
      const png = await capture(job.id, url, popupClicks);
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
    prepare: async () => {
      await browser.locate();
    },
    close: () => browser.close(),
  };
}
