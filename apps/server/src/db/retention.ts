import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
/** Rows per statement: short transactions, whatever the backlog. */
export const PRUNE_BATCH = 10_000;

/** Deletes a batch of rows older than `before`, answering how many. */
export type DeleteBatch = (batch: { before: Date; limit: number }) => Promise<number>;

/** The moment before which records are past their retention. */
export function retentionCutoff(retentionDays: number, now = Date.now()): Date {
  return new Date(now - retentionDays * DAY_MS);
}

/** Deletes every row older than `before`, batch by batch; answers how many. */
export async function pruneBefore(
  deleteBatch: DeleteBatch,
  { before, stopped = () => false }: { before: Date; stopped?: () => boolean },
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await deleteBatch({ before, limit: PRUNE_BATCH });
    deleted += rows;
    if (rows < PRUNE_BATCH || stopped()) return deleted;
  }
}

/**
 * Deletes rows older than the retention every hour, the first time at the start. Started with
 * the job worker (JOB_WORKER), stopped when the app closes.
 */
export function startPruner({
  what,
  deleteBatch,
  log,
  retentionDays,
}: {
  /** What is pruned, for the log line when it fails ("client logs"). */
  what: string;
  deleteBatch: DeleteBatch;
  log: Pick<FastifyBaseLogger, 'warn'>;
  retentionDays: number;
}) {
  let stopped = false;
  let round: Promise<unknown> | undefined;
  const prune = () => {
    if (round) return;
    round = pruneBefore(deleteBatch, {
      before: retentionCutoff(retentionDays),
      stopped: () => stopped,
    })
      .catch((error: unknown) => log.warn({ err: error }, `could not prune ${what}`))
      .finally(() => (round = undefined));
  };
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  prune();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await round;
    },
  };
}

/** `startPruner` once the app is ready, stopped when it closes (processes with the job worker). */
export function pruneWhileRunning(
  app: Pick<FastifyInstance, 'addHook' | 'log'>,
  options: Omit<Parameters<typeof startPruner>[0], 'log'>,
): void {
  let pruner: ReturnType<typeof startPruner> | undefined;
  app.addHook('onReady', (done) => {
    pruner = startPruner({ ...options, log: app.log });
    done();
  });
  app.addHook('onClose', async () => {
    await pruner?.stop();
  });
}
