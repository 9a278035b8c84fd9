import type { FastifyBaseLogger } from 'fastify';
import { teamWriteClock } from '../auth/team-write-clock';
import type { TrackerFile } from './tracker-deps';

// Issue 30: the tracker is on customers' pages, so it never waits on the database for long.
// Each file is built once and answered from memory. A file older than `freshMs` is rebuilt in
// the background `refreshDelayMs` later, while the last good one is answered. A team's write marks its files changed:
// the next request rebuilds, but waits at most `changedWaitMs` for it before answering the last
// good file (a slow or absent database then only delays the change, never the page).

/**
 * Changes show at once in this process and within `freshMs` + `refreshDelayMs` in the others (and after a billing
 * change or a job's); 4,000 files are two per team and address for 2,000 of them, about 32 MB
 * at 8 KB a script at most.
 */
export const SERVED_TRACKER_FILES = {
  freshMs: 5_000,
  changedWaitMs: 250,
  maxEntries: 4_000,
  refreshDelayMs: 1_000,
};

export interface BuiltFile {
  file: TrackerFile;
  teamId: number;
}

export interface ServedFiles {
  /** The file under `key`, built by `build` the first time and refreshed as above. */
  get(key: string, build: () => Promise<BuiltFile>): Promise<TrackerFile>;
  /** The team changed a campaign, a variant or its allocation: rebuild its files when asked. */
  changed(teamId: number): void;
  /** Files held. */
  size(): number;
}

interface Entry {
  file: TrackerFile;
  teamId: number;
  builtAt: number;
  changed: boolean;
  rebuilding: Promise<void> | undefined;
  refreshing: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export function createServedFiles(options: {
  /** How long a file is answered before a background rebuild starts. */
  freshMs: number;
  /** After a change, how long a request waits for the rebuild before the last good file. */
  changedWaitMs: number;
  /** Files kept, least recently asked dropped first (two per team and address). */
  maxEntries: number;
  /**
   * How long after a request finds its file stale the rebuild starts. A page asks for the script
   * and the config together: with PGlite, whose queries run on this thread, a rebuild started
   * at once held the other request back (the page's first paint with it) by 20-30 ms.
   */
  refreshDelayMs: number;
  /** A rebuild failed: the last good file stays. */
  onRebuildError: (error: unknown, key: string) => void;
  now?: () => number;
}): ServedFiles {
  const { freshMs, changedWaitMs, maxEntries, refreshDelayMs, onRebuildError } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const firstBuilds = new Map<string, { startedAt: number; pending: Promise<BuiltFile> }>();
  // A file built from data read before its team's latest change is answered, but stays marked
  // changed so the next request rebuilds.
  const changes = teamWriteClock();

  function keep(key: string, built: BuiltFile, startedAt: number): void {
    entries.delete(key);
    entries.set(key, {
      ...built,
      builtAt: now(),
      changed: changes.wroteSince(built.teamId, startedAt),
      rebuilding: undefined,
      refreshing: false,
    });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  }

  function rebuild(key: string, entry: Entry, build: () => Promise<BuiltFile>): Promise<void> {
    if (entry.rebuilding) return entry.rebuilding;
    const startedAt = changes.now();
    entry.rebuilding = build().then(
      (built) => keep(key, built, startedAt),
      (error: unknown) => {
        // Tried: the last good file answers until the next period.
        Object.assign(entry, {
          builtAt: now(),
          changed: changes.wroteSince(entry.teamId, startedAt),
          rebuilding: undefined,
          refreshing: false,
        });
        onRebuildError(error, key);
      },
    );
    return entry.rebuilding;
  }

  async function first(key: string, build: () => Promise<BuiltFile>): Promise<TrackerFile> {
    let started = firstBuilds.get(key);
    if (!started) {
      started = {
        startedAt: changes.now(),
        pending: build().finally(() => firstBuilds.delete(key)),
      };
      firstBuilds.set(key, started);
    }
    const built = await started.pending;
    if (!entries.has(key)) keep(key, built, started.startedAt);
    return built.file;
  }

  return {
    async get(key, build) {
      const entry = entries.get(key);
      if (!entry) return first(key, build);
      entries.delete(key);
      entries.set(key, entry);
      if (entry.changed) {
        await Promise.race([rebuild(key, entry, build), pause(changedWaitMs)]);
        return (entries.get(key) ?? entry).file;
      }
      if (now() - entry.builtAt >= freshMs && !entry.refreshing) {
        entry.refreshing = true;
        // Unless a change rebuilt it meanwhile.
        const refresh = () => entries.get(key) === entry && void rebuild(key, entry, build);
        setTimeout(refresh, refreshDelayMs).unref();
      }
      return entry.file;
    },
    changed(teamId) {
      changes.wrote(teamId);
      for (const entry of entries.values()) if (entry.teamId === teamId) entry.changed = true;
    },
    size: () => entries.size,
  };
}

/** The server's tracker files, a failed rebuild logged as a warning. */
export const servedTrackerFiles = (log: Pick<FastifyBaseLogger, 'warn'>) =>
  createServedFiles({
    ...SERVED_TRACKER_FILES,
    onRebuildError: (error, key) =>
      log.warn({ err: error, file: key }, 'tracker file kept: its rebuild failed'),
  });
