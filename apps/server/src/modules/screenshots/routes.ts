import { z } from 'zod';
import { notFound } from '../../errors';
import { teamParams, requireTeam } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import type { JobWorker } from '../jobs/job-worker';
import { requestScreenshot } from './request-screenshot';
import { FILES_PREFIX, readThumbnail } from './screenshot-files';

const tags = ['campaigns'];
const security = [{ bearer: [] }];

export function screenshotRoutes(
  scope: AppInstance,
  services: AppServices,
  worker: Pick<JobWorker, 'wake'>,
): void {
  scope.get(
    '/campaign/screenshot',
    {
      schema: { tags, security, params: teamParams, querystring: z.object({ url: z.string() }) },
    },
    async (request) => {
      const queued = await requestScreenshot(services, {
        teamId: requireTeam(request).id,
        url: request.query.url,
      });
      worker.wake();
      return queued;
    },
  );
}

/**
 * Thumbnails are public to whoever has the address: image tags send no bearer token, and the
 * name holds the job's random UUID, handed only to the team that asked for it.
 */
export function screenshotFileRoutes(app: AppInstance, services: AppServices): void {
  app.get(
    `${FILES_PREFIX}/:name`,
    { schema: { tags: ['files'], params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const file = await readThumbnail(services.config.DATA_DIR, request.params.name);
      if (!file) throw notFound('File not found');
      return reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
}
