import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { appOrigin } from '../../http/app-origin';

/** Where published pages live: PAGES_ORIGIN, else where the app runs (PUBLIC_URL or the request). */
export function pagesOrigin(
  config: Pick<Config, 'PAGES_ORIGIN' | 'PUBLIC_URL'>,
  request: FastifyRequest,
): string {
  return configuredPagesOrigin(config) ?? appOrigin(config, request);
}

/**
 * The pages origin as configured (PAGES_ORIGIN, else PUBLIC_URL), known before any request:
 * the campaign rules accept the app's own pages under it (issue 18). Undefined when neither is set.
 */
export function configuredPagesOrigin(
  config: Pick<Config, 'PAGES_ORIGIN' | 'PUBLIC_URL'>,
): string | undefined {
  const configured = config.PAGES_ORIGIN ?? config.PUBLIC_URL;
  return configured ? new URL(configured).origin : undefined;
}
