import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, inject } from 'vitest';
import type {} from './provided-context';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { openMigratedPglite } from './migrated-pglite';
import { postgresProblem, TEST_DATABASE_URL } from './postgres-reachable';

export { TEST_DATABASE_URL } from './postgres-reachable';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Drops what the test created (a private database on PostgreSQL). */
  dispose(): Promise<void>;
}

function postgresUrl(database: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Opens (and migrates, a no-op when it is a copy of the template) the PostgreSQL `database`. */
export function openPostgresDatabase(database: string): Promise<DatabaseHandle> {
  return openDatabase({ kind: 'postgres', url: postgresUrl(database) });
}

/**
 * A fresh, migrated database: in-memory PGlite, or a private database on the PostgreSQL server.
 * Both start from a copy of a database global-setup.ts migrated once for the whole run.
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openMigratedPglite();
    return { handle, dispose: () => handle.close() };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const handle = await openPostgresDatabase(name);
  return {
    handle,
    async dispose() {
      await handle.close();
      await untilDisconnected(admin, name);
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A closed pool has asked its connections to end, but the server may not have seen that yet:
 * dropping the database with (force) then would fail them ("terminating connection due to
 * administrator command") as unhandled errors. Only a connection still open after this
 * wait (one a test never closed) is cut.
 */
export async function untilDisconnected(admin: pg.Client, database: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ open: number }>(
      'select count(*)::int as open from pg_stat_activity where datname = $1',
      [database],
    );
    if (rows[0]!.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
