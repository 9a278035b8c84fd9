import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase, type DatabaseTarget } from '../apps/server/src/db/database';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CAMPAIGNS = 200;
const ROUNDS = 200;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(rounds: number, call: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  return samples;
}

async function postgresSchema(): Promise<DatabaseTarget | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const schema = `bench_${Date.now().toString(36)}`;
    await client.query(`create schema ${schema}`);
    return { kind: 'postgres', url: POSTGRES_URL, searchPath: schema };
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

async function benchTarget(target: DatabaseTarget) {
  const database = await openDatabase(target);
  const { app } = await buildApp({ config: testConfig(), db: database.db });
  try {
    const email = `bench-${Date.now()}@example.com`;
    await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email, password: 'bench-pass-1', realName: 'Bench' },
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: 'bench-pass-1' },
    });
    const headers = {
      authorization: `Bearer ${signIn.json<{ accessToken: string }>().accessToken}`,
    };
    const { slug } = (
      await app.inject({
        method: 'POST',
        url: '/api/teams',
        headers,
        payload: { name: 'Bench Team' },
      })
    ).json<{ slug: string }>();
    for (let i = 0; i < CAMPAIGNS; i++) {
      await app.inject({
        method: 'POST',
        url: `/api/team/${slug}/campaign/create`,
        headers,
        payload: { name: `Campaign ${i}`, ingestedUrl: `example.com/page-${i}` },
      });
    }
    const baseline = await time(ROUNDS, () =>
      app.inject({ method: 'GET', url: '/api/user/by-session', headers }),
    );
    const list = await time(ROUNDS, () =>
      app.inject({ method: 'GET', url: `/api/team/${slug}/campaign/by-team`, headers }),
    );
    const b50 = percentile(baseline, 50);
    const l50 = percentile(list, 50);
    const l95 = percentile(list, 95);
    console.log(
      `[${target.kind}] campaign list of ${CAMPAIGNS}: p50 ${l50.toFixed(2)} ms, p95 ${l95.toFixed(2)} ms = ` +
        `${(l50 / b50).toFixed(2)}x the authenticated by-session call (p50 ${b50.toFixed(2)} ms)`,
    );
  } finally {
    await app.close();
    await database.close();
    if (target.kind === 'postgres' && target.searchPath) {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema ${target.searchPath} cascade`);
      await client.end();
    }
  }
}

export async function apiBench() {
  console.log('\n== API: campaign list vs an authenticated baseline call (same process) ==');
  await benchTarget({ kind: 'pglite' });
  const postgres = await postgresSchema();
  if (postgres) await benchTarget(postgres);
  else console.log(`[postgres] skipped: no server at ${POSTGRES_URL}`);
}
