import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type {} from './provided-context';
import { openDatabase, type DatabaseHandle } from '../src/db/database';

let snapshot: Blob | undefined;

/**
 * The migrated PGlite data directory of global-setup.ts, read once per worker. Without it (a test
 * run by a config without that set-up) every PGlite migrates from scratch, just slower.
 */
function migratedSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshotFile');
  if (!file) return undefined;
  snapshot ??= new Blob([readFileSync(file)]);
  return snapshot;
}

/** A fresh in-memory PGlite, migrated: a copy of the one global-setup.ts migrated for the run. */
export function openMigratedPglite(): Promise<DatabaseHandle> {
  return openDatabase({ kind: 'pglite', snapshot: migratedSnapshot() });
}
