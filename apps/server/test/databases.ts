import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUIRE_POSTGRES = process.env.REQUIRE_POSTGRES === '1';

async function postgresReachable(): Promise<string | undefined> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

const postgresProblem = await postgresReachable();
if (postgresProblem && REQUIRE_POSTGRES) {
  throw new Error(
    `REQUIRE_POSTGRES=1 but PostgreSQL at ${TEST_DATABASE_URL} is not reachable: ${postgresProblem}`,
  );
}
if (postgresProblem) {
  console.warn(
    `\n[kindling] PostgreSQL at ${TEST_DATABASE_URL} is not reachable (${postgresProblem}).\n` +
      '[kindling] PostgreSQL suites are SKIPPED. Set TEST_DATABASE_URL, or REQUIRE_POSTGRES=1 to fail instead.\n',
  );
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Drops what the test created (a private schema on PostgreSQL). */
  dispose(): Promise<void>;
}

/**
 * Kysely's migrator introspects every schema on the server (`has_schema_privilege` by name), so a
 * schema dropped by a parallel test file while another migrates fails that migration with
 * "schema t_… does not exist". Migrations hold this advisory lock shared, drops hold it alone.
 */
const SCHEMA_DDL_LOCK = 7_461_226;

async function withSchemaLock<T>(
  client: pg.Client,
  mode: 'shared' | 'exclusive',
  work: () => Promise<T>,
): Promise<T> {
  const suffix = mode === 'shared' ? '_shared' : '';
  await client.query(`select pg_advisory_lock${suffix}($1)`, [SCHEMA_DDL_LOCK]);
  try {
    return await work();
  } finally {
    await client.query(`select pg_advisory_unlock${suffix}($1)`, [SCHEMA_DDL_LOCK]);
  }
}

/** Opens (and migrates) the PostgreSQL schema `schema`, safe against parallel schema drops. */
export async function openPostgresSchema(schema: string): Promise<DatabaseHandle> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await withSchemaLock(client, 'shared', () =>
      openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, searchPath: schema }),
    );
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database: in-memory PGlite, or a private schema on the PostgreSQL server. */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite' });
    return { handle, dispose: () => handle.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const handle = await openPostgresSchema(schema);
  return {
    handle,
    async dispose() {
      await handle.close();
      await withSchemaLock(admin, 'exclusive', () => admin.query(`drop schema ${schema} cascade`));
      await admin.end();
    },
  };
}

/** Runs the suite once per database kind; PostgreSQL is skipped (loudly) only when unreachable. */
export function describeEachDatabase(
  name: string,
  suite: (kind: 'pglite' | 'postgres') => void,
): void {
  describe(`${name} [pglite]`, () => suite('pglite'));
  if (postgresProblem) {
    describe.skip(`${name} [postgres: skipped, server not reachable]`, () => suite('postgres'));
  } else {
    describe(`${name} [postgres]`, () => suite('postgres'));
  }
}
