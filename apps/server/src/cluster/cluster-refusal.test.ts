import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { CLUSTER_NEEDS_POSTGRES, CLUSTER_NEEDS_REDIS, clusterRefusals } from './cluster-refusal';

describe('cluster settings', () => {
  it('runs one worker per CPU core unless CLUSTER_WORKERS says otherwise', () => {
    expect(loadConfig({}).CLUSTER_WORKERS).toBe(availableParallelism());
    expect(loadConfig({ CLUSTER_WORKERS: '3' }).CLUSTER_WORKERS).toBe(3);
    expect(() => loadConfig({ CLUSTER_WORKERS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ CLUSTER_WORKERS: 'many' })).toThrow(/CLUSTER_WORKERS/);
  });

  it('needs PostgreSQL and Redis, and names each one missing', () => {
    const postgres = 'postgres://db/kindling';
    const redis = 'redis://cache:6379';
    expect(clusterRefusals({ DATABASE_URL: postgres, REDIS_URL: redis })).toEqual([]);
    expect(clusterRefusals({ DATABASE_URL: undefined, REDIS_URL: redis })).toEqual([
      CLUSTER_NEEDS_POSTGRES,
    ]);
    expect(clusterRefusals({ DATABASE_URL: postgres, REDIS_URL: undefined })).toEqual([
      CLUSTER_NEEDS_REDIS,
    ]);
  });
});
