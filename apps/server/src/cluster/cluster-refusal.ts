import type { Config } from '../config';

export const CLUSTER_NEEDS_POSTGRES =
  'A cluster needs PostgreSQL: set DATABASE_URL. PGlite (the default database) lives inside one process and cannot be shared by several.';
export const CLUSTER_NEEDS_REDIS =
  'A cluster needs Redis: set REDIS_URL. Without it real-time messages and rate limits would stay inside each process.';

/** Why these settings cannot run several server processes; empty when they can. */
export function clusterRefusals(config: Pick<Config, 'DATABASE_URL' | 'REDIS_URL'>): string[] {
  return [
    ...(config.DATABASE_URL ? [] : [CLUSTER_NEEDS_POSTGRES]),
    ...(config.REDIS_URL ? [] : [CLUSTER_NEEDS_REDIS]),
  ];
}
