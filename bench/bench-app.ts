import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig, type Config } from '../apps/server/src/config';
import { openDatabase, type DatabaseTarget, type Db } from '../apps/server/src/db/database';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type App = Awaited<ReturnType<typeof buildApp>>['app'];

export interface BenchApp {
  app: App;
  /** The app's own database, for benches that load data in bulk. */
  db: Db;
  slug: string;
  headers: { authorization: string };
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function time(rounds: number, call: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  return samples;
}

export async function postgresSchema(): Promise<DatabaseTarget | undefined> {
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

export interface BenchAppOptions {
  config?: Partial<Config>;
  /** The built web app to serve (needs NODE_ENV production in `config`). */
  webDist?: string;
}

/** An app on `target` with a signed-in owner of one team. */
export async function withBenchApp(
  target: DatabaseTarget,
  run: (bench: BenchApp) => Promise<void>,
  { config, webDist }: BenchAppOptions = {},
) {
  const database = await openDatabase(target);
  const { app } = await buildApp({
    config: testConfig(config),
    db: database.db,
    ...(webDist ? { webDist } : {}),
  });
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
      await app.inject({ method: 'POST', url: '/api/teams', headers, payload: { name: 'Bench' } })
    ).json<{ slug: string }>();
    await run({ app, db: database.db, slug, headers });
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

/** Runs `bench` on PGlite, then on PostgreSQL when a server answers. */
export async function onEachDatabase(
  bench: (bench: BenchApp, kind: string) => Promise<void>,
  options: BenchAppOptions = {},
): Promise<void> {
  await withBenchApp({ kind: 'pglite' }, (app) => bench(app, 'pglite'), options);
  const postgres = await postgresSchema();
  if (postgres) await withBenchApp(postgres, (app) => bench(app, 'postgres'), options);
  else console.log(`[postgres] skipped: no server at ${POSTGRES_URL}`);
}
