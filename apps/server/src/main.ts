import cluster from 'node:cluster';
import { buildApp } from './app';
import { runClusterPrimary } from './cluster/run-primary';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseTarget } from './db/database';
import { warmTrackerBundles } from './modules/tracker/tracker-bundle';
import { originWarnings } from './http/origin-warnings';

export function databaseTarget(config: Config): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : {
        kind: 'pglite',
        dataDir: config.DATA_DIR,
        memory: {
          sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
          workMemMb: config.PGLITE_WORK_MEM_MB,
          maintenanceWorkMemMb: config.PGLITE_MAINTENANCE_WORK_MEM_MB,
        },
      };
}

/** How long a signal that came during the start waits for it before the process just exits. */
const STOP_DURING_START_MS = 15_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  // `npm run start:cluster`: this process supervises; the workers it forks run the server.
  if (process.argv.includes('--cluster') && cluster.isPrimary) {
    runClusterPrimary(config);
    return;
  }

  // Listened for before anything starts: a signal that came while the database opened or the
  // server began to listen (a cluster stopped just as a replacement worker came up) would
  // otherwise kill the process mid-start, and the cluster would report a failed worker.
  // A start that hangs (a database that does not answer) still ends: at a second signal, or
  // STOP_DURING_START_MS after the first.
  let stopRequested: string | undefined;
  let startGiveUp: NodeJS.Timeout | undefined;
  let stop = (signal: string) => {
    if (stopRequested) process.exit(1);
    stopRequested = signal;
    startGiveUp = setTimeout(() => process.exit(1), STOP_DURING_START_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const database = await openDatabase(databaseTarget(config));
  const { app } = await buildApp({ config, db: database.db });
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.DATA_DIR : undefined },
    `Kindling is listening on http://localhost:${config.PORT}`,
  );
  for (const warning of originWarnings(config)) app.log.warn(warning);
  warmTrackerBundles(app.log);

  let closing = false;
  stop = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // app.close() stops accepting connections and waits for in-flight requests to finish.
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  clearTimeout(startGiveUp);
  if (stopRequested) stop(stopRequested);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
