import { readJson, save, type Store } from './storage';

// Events wait in localStorage until the server took them, so a failed request, a closed tab or
// a lost network loses nothing: what is left is sent again (by this page or the next one), and
// the server drops duplicates by event id. At-least-once delivery, exactly-once storage.

export const QUEUE_KEY = 'kindling.q';
export const MAX_BATCH = 50;
/** Past this many waiting events the oldest go: a visitor offline for days must not fill storage. */
export const MAX_QUEUED = 500;
/** Events gather this long before a request, so one page view makes one request. */
export const GATHER_MS = 300;
export const MAX_BACKOFF_MS = 60_000;

/**
 * Whether to send the batch again later: true after a network error, a 408, 429 or 5xx; false
 * once it is stored, or refused with any other 4xx, which can never succeed (it is dropped).
 * A boolean rather than named results: the tracker's bytes are counted (about 26 B gzipped).
 */
export type SendAgain = boolean;

export interface QueuedEvent {
  id: string;
}

export interface QueueDeps<E extends QueuedEvent> {
  store: Store;
  send: (events: E[]) => Promise<SendAgain>;
  now: () => number;
  schedule: (run: () => void, ms: number) => void;
}

export const sendAgainAfter = (status: number): SendAgain =>
  status > 499 || status === 429 || status === 408;

/** 1 s after the first failure, then 2, 4, 8... up to a minute. */
export const backoffMs = (failures: number): number =>
  Math.min(500 * 2 ** failures, MAX_BACKOFF_MS);

export function createQueue<E extends QueuedEvent>({ store, send, now, schedule }: QueueDeps<E>) {
  let sending = false;
  let timerDue = Infinity;
  let failures = 0;
  let retryAt = 0;
  let enabled = true;
  let held = false;

  const read = (): E[] => readJson<E[]>(store, QUEUE_KEY) ?? [];
  const write = (events: E[]) =>
    events.length ? save(store, QUEUE_KEY, JSON.stringify(events)) : store.removeItem(QUEUE_KEY);

  function later(ms: number): void {
    const due = now() + ms;
    if (due >= timerDue) return;
    timerDue = due;
    schedule(() => {
      timerDue = Infinity;
      void flush();
    }, ms);
  }

  async function flush(): Promise<void> {
    if (sending || !enabled || held) return;
    const batch = read().slice(0, MAX_BATCH);
    if (batch.length === 0) return;
    if (now() < retryAt) return later(retryAt - now());
    sending = true;
    const again = await send(batch).catch((): SendAgain => true);
    sending = false;
    if (again) {
      failures += 1;
      retryAt = now() + backoffMs(failures);
      return later(backoffMs(failures));
    }
    failures = 0;
    const done = new Set(batch.map((event) => event.id));
    const rest = read().filter((event) => !done.has(event.id));
    write(rest);
    if (rest.length && enabled) later(0);
  }

  return {
    push(event: E): void {
      if (!enabled) return;
      write([...read(), event].slice(-MAX_QUEUED));
      later(GATHER_MS);
    },
    /** Sends now (a click may be about to leave the page), unless a retry is waiting. */
    flush,
    /**
     * While held, nothing is sent (what is pushed is kept as usual); on release, what waited
     * goes in one batch, which the server stores as one. A page view holds the queue until its
     * exposure is pushed: a goal sent ahead of it would reach the server before the visitor
     * does, and for a visitor the server does not know it counts nothing.
     */
    hold(on: boolean): void {
      held = on;
      if (!on) later(0);
    },
    /** Consent withdrawn: nothing waiting is sent, nothing new is kept. */
    setEnabled(on: boolean): void {
      enabled = on;
      if (!on) store.removeItem(QUEUE_KEY);
      else later(0);
    },
  };
}
