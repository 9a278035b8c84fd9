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
  const shutdown = (signal: string) => {
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
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
