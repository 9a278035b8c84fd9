import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { postgresProblem, TEST_DATABASE_URL } from './postgres-reachable';
import type {} from './provided-context';

/**
 * Runs the migrations once per test run, on each database kind, instead of once per suite:
 * suites then start from a copy of the migrated database (see databases.ts).
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'kindling-test-db-'));
  const snapshotFile = path.join(folder, 'migrated-pglite.tar');
  writeFileSync(snapshotFile, await migratedPgliteSnapshot());
  project.provide('pgliteSnapshotFile', snapshotFile);

  const template = postgresProblem ? '' : await createMigratedTemplate();
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (template) await adminQuery(`drop database if exists ${template} with (force)`);
  };
}

async function migratedPgliteSnapshot(): Promise<Uint8Array> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    const tarball = await database.dumpDataDir!();
    return new Uint8Array(await tarball.arrayBuffer());
  } finally {
    await database.close();
  }
}

/** Unique per run: test runs of other checkouts may share the server with other migrations. */
async function createMigratedTemplate(): Promise<string> {
  const name = `kindling_template_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const migrated = await openDatabase({ kind: 'postgres', url: url.toString() });
  await migrated.close();
  return name;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
