import type { BusMessage, PubSubBus } from './bus';

/** A subscriber that falls this far behind is cut off rather than allowed to grow without bound. */
export const MAX_BUFFERED_MESSAGES = 1000;

/**
 * A bus subscription as the async iterator a GraphQL subscription resolver returns. Hand-written
 * rather than an async generator: a generator waiting for its next message cannot be stopped by
 * return(), so a client that unsubscribes would leave the bus subscription behind.
 */
export type BusIterator = AsyncIterableIterator<BusMessage> & {
  return(): Promise<IteratorResult<BusMessage>>;
};

export async function subscribeIterator(bus: PubSubBus, name: string): Promise<BusIterator> {
  const buffered: BusMessage[] = [];
  let waiting: ((result: IteratorResult<BusMessage>) => void) | undefined;
  let failure: Error | undefined;
  let finished = false;

  const unsubscribe = await bus.subscribe(name, (message) => {
    if (finished || failure) return;
    if (waiting) {
      waiting({ value: message, done: false });
      waiting = undefined;
    } else if (buffered.length >= MAX_BUFFERED_MESSAGES) {
      failure = new Error('Too many unread real-time messages; subscription closed');
    } else {
      buffered.push(message);
    }
  });

  const finish = async (): Promise<IteratorResult<BusMessage>> => {
    finished = true;
    buffered.length = 0;
    waiting?.({ value: undefined, done: true });
    waiting = undefined;
    await unsubscribe();
    return { value: undefined, done: true };
  };

  const iterator: BusIterator = {
    async next() {
      const message = buffered.shift();
      if (message) return { value: message, done: false };
      if (failure) {
        const error = failure;
        await finish();
        throw error;
      }
      if (finished) return { value: undefined, done: true };
      return new Promise((resolve) => (waiting = resolve));
    },
    return: finish,
    async throw(error: unknown) {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
