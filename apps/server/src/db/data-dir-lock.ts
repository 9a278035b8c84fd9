import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock of its own: two processes opening one data folder would corrupt it.
 * A pid file refuses the second process; a stale file (its process is gone) is taken over.
 */
export function acquireDataDirLock(folder: string): () => void {
  const lockFile = path.join(folder, '..', 'kindling.lock');
  const holder = readHolder(lockFile);
  if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The data folder ${path.dirname(lockFile)} is in use by process ${holder}. ` +
        'Stop that process, or point DATA_DIR at another folder.',
    );
  }
  writeFileSync(lockFile, String(process.pid));
  return () => {
    if (readHolder(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
}

function readHolder(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
