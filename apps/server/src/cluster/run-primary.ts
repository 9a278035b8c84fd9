import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import type { Config } from '../config';
import { loggerOptions } from '../http/logger';
import { closeOrphanedHandoffs } from './close-orphaned-handoffs';
import { clusterRefusals } from './cluster-refusal';

/** The exit code of a configuration error (EX_CONFIG), as a single process uses. */
const CONFIG_ERROR_EXIT = 78;

/**
 * The primary of `npm run start:cluster`: forks CLUSTER_WORKERS server processes that share one
 * port (node:cluster hands out the connections), replaces a worker that dies, and on SIGTERM or
 * SIGINT lets every worker finish its in-flight requests before it exits itself. Connections
 * handed to a worker that dies before taking them are closed (close-orphaned-handoffs.ts).
 * A worker that dies before it ever listened is not replaced: the cause (a bad setting, an
 * unreachable database) would kill its replacement too, so the cluster stops and says so.
 */
export function runClusterPrimary(config: Config): void {
  const refusals = clusterRefusals(config);
  if (refusals.length > 0) {
    console.error(refusals.join('\n'));
    process.exit(CONFIG_ERROR_EXIT);
  }
  const log = pino(loggerOptions({ level: config.LOG_LEVEL }));
  const live = new Set<Worker>();
  const listened = new Set<Worker>();
  let stopping = false;
  let exitCode = 0;

  const fork = () => {
    const worker = cluster.fork();
    closeOrphanedHandoffs(worker);
    live.add(worker);
  };
  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    log.info({ reason, workers: live.size }, 'stopping the cluster: draining every worker');
    for (const worker of live) worker.process.kill('SIGTERM');
    if (live.size === 0) process.exit(exitCode);
  };

  cluster.on('listening', (worker) => {
    listened.add(worker);
    log.info({ worker: worker.id, workerPid: worker.process.pid }, 'worker listening');
  });
  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    const fields = { worker: worker.id, workerPid: worker.process.pid, code, signal };
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (live.size === 0) process.exit(exitCode);
    } else if (!listened.has(worker)) {
      log.error(fields, 'worker exited before it could serve: stopping the cluster');
      stop('a worker failed to start', 1);
    } else {
      log.error(fields, 'worker died: starting a replacement');
      fork();
    }
    listened.delete(worker);
  });

  for (let i = 0; i < config.CLUSTER_WORKERS; i += 1) fork();
  log.info(
    { workers: config.CLUSTER_WORKERS, port: config.PORT },
    `Kindling cluster: ${config.CLUSTER_WORKERS} server processes on port ${config.PORT}`,
  );
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
}
