import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';
import type { AppInstance } from './types';

export const WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

/** Serves the built single-page app; every non-API path falls back to index.html. */
export async function installWebApp(app: AppInstance, config: Config): Promise<void> {
  if (config.NODE_ENV !== 'production' || !existsSync(path.join(WEB_DIST, 'index.html'))) return;
  await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply
        .status(404)
        .send({
          error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` },
        });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
