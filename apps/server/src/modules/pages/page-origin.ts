import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { appOrigin } from '../../http/app-origin';

/** Where published pages live: PAGES_ORIGIN, else where the app runs (PUBLIC_URL or the request). */
export function pagesOrigin(
  config: Pick<Config, 'PAGES_ORIGIN' | 'PUBLIC_URL'>,
  request: FastifyRequest,
): string {
  return config.PAGES_ORIGIN ? new URL(config.PAGES_ORIGIN).origin : appOrigin(config, request);
}
