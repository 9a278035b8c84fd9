import pg from 'pg';
import { TEST_DATABASE_URL } from './postgres-reachable';
import { postgresStorage, type ProcessStorage } from './process-storage';
import type { ServerProcess } from './server-process';
import { startHealthyServer } from './shared-processes';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/**
 * Ends every session of `database` as a PostgreSQL shutdown does (FATAL 57P01, "administrator
 * command" to the client); answers how many there were.
 */
export async function terminateSessions(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: number }>(
      `select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
       where datname = $1 and pid <> pg_backend_pid()`,
      [database],
    );
    return rows[0]!.ended;
  } finally {
    await admin.end();
  }
}

/** A server process on a private PostgreSQL database that it reaches through a cuttable proxy. */
export interface ServerBehindProxy {
  server: ServerProcess;
  proxy: TcpProxy;
  /** The database's name, for `terminateSessions`. */
  database: string;
  /** Where the test reads the database directly, past the proxy. */
  storage: ProcessStorage;
}

/**
 * Starts one (kept in `held`, so `stopServerBehindProxy` can clean up whatever was started, even
 * when a step failed).
 */
export async function startServerBehindProxy(
  held: Partial<ServerBehindProxy>,
  env: Record<string, string>,
): Promise<ServerBehindProxy> {
  const postgres = new URL(TEST_DATABASE_URL);
  const proxy = await startTcpProxy({
    host: postgres.hostname,
    port: Number(postgres.port || 5432),
  });
  held.proxy = proxy;
  const storage = await postgresStorage(proxy);
  held.storage = storage;
  const database = new URL(storage.env.DATABASE_URL!).pathname.slice(1);
  const server = await startHealthyServer({ ...storage.env, ...env });
  held.server = server;
  return { server, proxy, database, storage };
}

export async function stopServerBehindProxy(held: Partial<ServerBehindProxy>): Promise<void> {
  held.server?.child.kill('SIGKILL');
  await held.server?.exited;
  await held.proxy?.close();
  await held.storage?.dispose();
}
