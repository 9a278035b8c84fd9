import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { withAuditActor } from './audit-actor';
import { acquireDataDirLock } from './data-dir-lock';
import { migrateToLatest } from './migrate';
import { PGliteDialect } from './pglite-dialect';
import { initPgliteFolderApart, pgliteStartParams, type PgliteMemory } from './pglite-memory';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** A data directory from `dumpDataDir` to start from (tests start from a migrated one). */
      snapshot?: Blob;
      /** Unset: PGLITE_MEMORY_DEFAULTS. */
      memory?: PgliteMemory;
    }
  | { kind: 'postgres'; url: string; searchPath?: string };

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** PGlite only: the data directory as an uncompressed tar, for `snapshot`. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

const plugins = [new CamelCasePlugin()];

const postgresPools = new WeakMap<Db, pg.Pool>();

/**
 * The pool behind a PostgreSQL database opened here, for the few paths that need what Kysely's
 * driver does not offer (several statements in one round trip); undefined on PGlite.
 */
export const postgresPoolOf = (db: Db): pg.Pool | undefined => postgresPools.get(db);

/** Opens the database named by `target` and brings its schema to the latest migration. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const handle = target.kind === 'pglite' ? await openPglite(target) : openPostgres(target);
  try {
    await migrateToLatest(
      handle.db as Kysely<unknown>,
      target.kind === 'postgres' ? target.searchPath : undefined,
    );
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPglite({
  dataDir,
  snapshot,
  memory,
}: {
  dataDir?: string;
  snapshot?: Blob;
  memory?: PgliteMemory;
}): Promise<DatabaseHandle> {
  const startParams = pgliteStartParams(memory);
  let releaseLock = () => {};
  let pglite: PGlite;
  if (dataDir) {
    const folder = path.resolve(dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    releaseLock = acquireDataDirLock(folder);
    try {
      if (!snapshot) await initPgliteFolderApart(folder);
      pglite = new PGlite(folder, { loadDataDir: snapshot, startParams });
      await pglite.waitReady;
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    pglite = new PGlite({ loadDataDir: snapshot, startParams });
    await pglite.waitReady;
  }
  const db = new Kysely<Database>({ dialect: withAuditActor(new PGliteDialect(pglite)), plugins });
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => pglite.dumpDataDir('none'),
    async close() {
      await db.destroy();
      releaseLock();
    },
  };
}

/** How long a request waits for a PostgreSQL connection before it answers 503. */
export const POOL_CONNECT_TIMEOUT_MS = 5_000;

function openPostgres(target: { url: string; searchPath?: string }): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    // While the server restarts, a request waits this long for a connection, then answers 503.
    connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
    ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
  });
  // A connection the server cuts (a restart) emits 'error'. The pool drops a broken idle one
  // itself, and a query running on it fails; but a checked-out connection between two queries
  // has no listener of its own, and an unheard 'error' event would crash the process. Both are
  // passed on as the pool's 'error' (db/availability.ts logs the outage) and otherwise ignored.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', (error) => pool.emit('error', error, client)));
  const db = new Kysely<Database>({
    dialect: withAuditActor(new PostgresDialect({ pool })),
    plugins,
  });
  postgresPools.set(db, pool);
  return { db, kind: 'postgres', close: () => db.destroy() };
}
