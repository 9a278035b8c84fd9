import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import {
  postgresProblem,
  TEST_DATABASE_URL as ADMIN_URL,
} from '../../apps/server/test/postgres-reachable';
import { startServerProcess } from '../../apps/server/test/server-process';

/**
 * A browser suite that needs PostgreSQL (startPostgresServer), under the server suites' rule:
 * skipped, and said so at the start of the run, when no server answers; REQUIRE_POSTGRES=1
 * makes that an error instead (postgres-reachable.ts).
 */
export function describeWithPostgres(name: string, suite: () => void): void {
  if (postgresProblem) describe.skip(`${name} [postgres: skipped, server not reachable]`, suite);
  else describe(`${name} [postgres]`, suite);
}

export interface PostgresServer {
  baseUrl: string;
  /** The server's own database, for what no route may do (a team's subscription). */
  db: pg.Client;
  /** Its database's address, for a test that runs a server use-case against it in-process. */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * A second real server (the built SPA, production mode) on a fresh PostgreSQL database, for
 * tests that must write what no route writes: the shared e2e server keeps its data in an
 * embedded PGlite folder no other process may open. close() stops it and drops the database.
 */
export async function startPostgresServer(
  env: Record<string, string> = {},
): Promise<PostgresServer> {
  const name = `kindling_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-e2e-pg-'));
  const server = await startServerProcess({
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    CLIENT_LOG_RATE_LIMIT_PER_MINUTE: '100000',
    CLIENT_LOG_BYTES_PER_MINUTE: '1073741824',
    CLIENT_LOG_BYTES_PER_HOUR: '1073741824',
    ...env,
  });
  if (!server.healthy) throw new Error(`server did not start:\n${server.output()}`);
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return {
    baseUrl: server.url,
    db,
    databaseUrl: url.toString(),
    async close() {
      await db.end();
      await server.stop();
      await admin(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
