import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Where the web app runs: PUBLIC_URL when configured, else the origin the browser asked for. */
export function appOrigin(config: Pick<Config, 'PUBLIC_URL'>, request: FastifyRequest): string {
  return config.PUBLIC_URL
    ? new URL(config.PUBLIC_URL).origin
    : `${request.protocol}://${request.host}`;
}

/** Where people open the admin app: ADMIN_URL, else where the web app runs (no trailing slash). */
export function adminUrl(
  config: Pick<Config, 'PUBLIC_URL' | 'ADMIN_URL'>,
  request: FastifyRequest,
) {
  return (config.ADMIN_URL ?? appOrigin(config, request)).replace(/\/+$/, '');
}

/** An address in the admin app, e.g. a single-use link: `appLink(config, request, '/admin/...')`. */
export function appLink(
  config: Pick<Config, 'PUBLIC_URL' | 'ADMIN_URL'>,
  request: FastifyRequest,
  path: string,
  query: Record<string, string> = {},
): string {
  const url = new URL(`${adminUrl(config, request)}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
