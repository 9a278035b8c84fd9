/**
 * Group commit: batches handed in while the store is busy wait, and are stored together in the
 * next transaction (up to `maxSize`), so concurrent requests share one BEGIN, a few statements
 * and one COMMIT. Each caller is answered with its own result once that transaction committed.
 * When a shared transaction fails, each of its batches is stored again alone, one after the
 * other, and answered by that attempt: one batch's failure never refuses another's events.
 */
/** Events per shared transaction: 8 waiting batches of 50 fit, and a statement stays short. */
export const GROUP_COMMIT_MAX_EVENTS = 500;
/**
 * Transactions in flight at once on PostgreSQL: while one waits for its COMMIT's WAL flush,
 * the next runs its statements. PGlite has one connection, so it keeps one.
 */
export const GROUP_COMMIT_POSTGRES_CONCURRENCY = 2;

export interface GroupCommitOptions<B, A> {
  /** Stores the batches in one transaction; answers one result per batch, in the same order. */
  store: (batches: B[]) => Promise<A[]>;
  /** A batch's weight against `maxSize` (its events). */
  sizeOf: (batch: B) => number;
  /** A group takes batches while it stays within this; a first batch is always taken. */
  maxSize: number;
  /** Transactions in flight at once. */
  concurrency?: number;
}

interface Waiting<B, A> {
  batch: B;
  resolve: (answer: A) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit<B, A>({
  store,
  sizeOf,
  maxSize,
  concurrency = 1,
}: GroupCommitOptions<B, A>): (batch: B) => Promise<A> {
  const queue: Waiting<B, A>[] = [];
  let inFlight = 0;

  /** The next group: batches in arrival order while they fit (a first one always does). */
  const takeGroup = () => {
    const group = [queue.shift()!];
    let size = sizeOf(group[0]!.batch);
    while (queue.length > 0 && size + sizeOf(queue[0]!.batch) <= maxSize) {
      size += sizeOf(queue[0]!.batch);
      group.push(queue.shift()!);
    }
    return group;
  };

  const storeAlone = async (member: Waiting<B, A>) => {
    try {
      const [answer] = await store([member.batch]);
      member.resolve(answer!);
    } catch (error) {
      member.reject(error);
    }
  };

  const run = async (group: Waiting<B, A>[]) => {
    let answers: A[];
    try {
      answers = await store(group.map((member) => member.batch));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const member of group) await storeAlone(member);
      return;
    }
    group.forEach((member, index) => member.resolve(answers[index]!));
  };

  const pump = () => {
    while (inFlight < concurrency && queue.length > 0) {
      inFlight += 1;
      void run(takeGroup()).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return (batch) =>
    new Promise<A>((resolve, reject) => {
      queue.push({ batch, resolve, reject });
      pump();
    });
}
