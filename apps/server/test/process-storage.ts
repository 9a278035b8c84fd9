import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../src/db/database';
import { untilDisconnected } from './databases';
import { TEST_DATABASE_URL } from './postgres-reachable';

/** Where a server process under test keeps its data, and how the test reads it back. */
export interface ProcessStorage {
  env: Record<string, string>;
  target: DatabaseTarget;
  dispose: () => Promise<void>;
}

/** A PGlite data folder of its own. */
export function pgliteStorage(): ProcessStorage {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-process-'));
  return {
    env: { DATA_DIR: dataDir },
    target: { kind: 'pglite', dataDir },
    dispose: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  };
}

/**
 * A private, empty database on the PostgreSQL test server (the process migrates it). With `via`,
 * the process reaches it through that address (a fault proxy) while the test reads it directly.
 */
export async function postgresStorage(via?: {
  host: string;
  port: number;
}): Promise<ProcessStorage> {
  const name = `kindling_process_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const direct = new URL(TEST_DATABASE_URL);
  direct.pathname = `/${name}`;
  const forProcess = new URL(direct);
  if (via) {
    forProcess.hostname = via.host;
    forProcess.port = String(via.port);
  }
  return {
    env: { DATABASE_URL: forProcess.toString() },
    target: { kind: 'postgres', url: direct.toString() },
    async dispose() {
      await untilDisconnected(admin, name);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
