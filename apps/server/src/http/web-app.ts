import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config';
import { SERVER_ROOT } from '../server-root';
import { installNotFound } from './error-handler';
import type { AppInstance } from './types';

export const WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

/**
 * In production serves the built single-page app. Files are looked up per request (not listed at
 * start), so a rebuild is served without a restart; hashed assets are cached for a year.
 */
export async function installWebApp(
  app: AppInstance,
  { config, webDist = WEB_DIST }: { config: Config; webDist?: string },
): Promise<void> {
  const serveSpa = config.NODE_ENV === 'production' && existsSync(path.join(webDist, 'index.html'));
  if (serveSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: ['index.html'],
      setHeaders: (response, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void response.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  installNotFound(app, { serveSpa });
}
