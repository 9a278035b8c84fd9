import { execFile } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

/**
 * What the embedded database may hold in its WebAssembly heap. PGlite starts with PostgreSQL's
 * server defaults (shared_buffers 128 MB, maintenance_work_mem 64 MB), which one process on a
 * 1 GB machine cannot afford: a WebAssembly heap only grows, so every buffer it ever touched
 * stays resident until the process ends (docs/decisions.md, "A lighter embedded default").
 */
export interface PgliteMemory {
  sharedBuffersMb: number;
  workMemMb: number;
  maintenanceWorkMemMb: number;
}

/** The embedded defaults, also what config.ts falls back to. */
export const PGLITE_MEMORY_DEFAULTS: PgliteMemory = {
  sharedBuffersMb: 16,
  workMemMb: 4,
  maintenanceWorkMemMb: 16,
};

/** PGlite's own start parameters plus the memory settings. */
export function pgliteStartParams(memory: PgliteMemory = PGLITE_MEMORY_DEFAULTS): string[] {
  return [
    ...PGlite.defaultStartParams,
    ...['-c', `shared_buffers=${memory.sharedBuffersMb}MB`],
    ...['-c', `work_mem=${memory.workMemMb}MB`],
    ...['-c', `maintenance_work_mem=${memory.maintenanceWorkMemMb}MB`],
  ];
}

const run = promisify(execFile);

/**
 * Creates the data folder's cluster (initdb) in a short-lived child process. PGlite runs
 * initdb in two extra WebAssembly instances whose heaps (about 450 MB) the process never gets
 * back, so in-process the first start of a new installation held 870 MB against 440 MB for the
 * next one. The child writes to a sibling folder renamed into place once complete, so a start
 * killed half-way leaves no half-made cluster behind: the next start simply creates it again.
 */
export async function initPgliteFolderApart(folder: string): Promise<void> {
  if (existsSync(path.join(folder, 'PG_VERSION'))) return;
  // A folder holding anything else is left to PGlite as before: nothing here deletes data.
  if (existsSync(folder) && readdirSync(folder).length > 0) return;
  const building = `${folder}.initdb`;
  rmSync(building, { recursive: true, force: true });
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script =
    `const { PGlite } = require(${JSON.stringify(pgliteEntry)});` +
    `PGlite.create(${JSON.stringify(building)}).then((db) => db.close())` +
    '.then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });';
  await run(process.execPath, ['-e', script], { timeout: 120_000 });
  rmSync(folder, { recursive: true, force: true });
  renameSync(building, folder);
}
