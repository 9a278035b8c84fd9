import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  createQueue,
  GATHER_MS,
  MAX_BACKOFF_MS,
  MAX_BATCH,
  QUEUE_KEY,
  sendAgainAfter,
} from './queue';

/** What /api/collect answered, as the tests name it; the queue hears whether to send again. */
type Answer = 'ok' | 'retry' | 'drop';
import { memoryStore, type Store } from './storage';

interface Ev {
  id: string;
}

/** A clock and timer list the test moves by hand. */
function harness(store: Store = memoryStore()) {
  let time = 0;
  let timers: { at: number; run: () => void }[] = [];
  const sent: Ev[][] = [];
  /** What the next sends answer; 'offline' rejects, as fetch does without a network. */
  const answers: (Answer | 'offline')[] = [];
  const queue = createQueue<Ev>({
    store,
    now: () => time,
    schedule: (run, ms) => void timers.push({ at: time + ms, run }),
    send: (events) => {
      sent.push(events);
      const answer = answers.shift() ?? 'ok';
      return answer === 'offline'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(answer === 'retry');
    },
  });
  /** Moves the clock to `to` and runs the timers due, letting sends settle. */
  async function advance(to: number) {
    time = to;
    const due = timers.filter((timer) => timer.at <= time);
    timers = timers.filter((timer) => timer.at > time);
    for (const timer of due) timer.run();
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  }
  const stored = () => JSON.parse(store.getItem(QUEUE_KEY) ?? '[]') as Ev[];
  return { queue, sent, answers, advance, stored, store };
}

const ev = (id: string): Ev => ({ id });

describe('the event queue', () => {
  it('keeps events in storage until a batch is sent, then forgets them', async () => {
    const h = harness();
    h.queue.push(ev('a'));
    h.queue.push(ev('b'));
    expect(h.stored()).toEqual([ev('a'), ev('b')]);
    expect(h.sent).toEqual([]);
    await h.advance(GATHER_MS);
    expect(h.sent).toEqual([[ev('a'), ev('b')]]);
    expect(h.stored()).toEqual([]);
    expect(h.store.getItem(QUEUE_KEY)).toBeNull();
  });

  it('retries with growing back-off when the network fails, and loses nothing', async () => {
    const h = harness();
    h.answers.push('offline', 'retry');
    h.queue.push(ev('a'));
    await h.advance(GATHER_MS);
    expect(h.sent).toHaveLength(1);
    expect(h.stored()).toEqual([ev('a')]);
    await h.advance(GATHER_MS + backoffMs(1) - 1);
    expect(h.sent).toHaveLength(1);
    await h.advance(GATHER_MS + backoffMs(1));
    expect(h.sent).toHaveLength(2);
    h.queue.push(ev('b'));
    await h.advance(GATHER_MS + backoffMs(1) + backoffMs(2));
    expect(h.sent.at(-1)).toEqual([ev('a'), ev('b')]);
    expect(h.stored()).toEqual([]);
  });

  it('sends what an earlier page left in storage once enabled', async () => {
    const store = memoryStore();
    store.setItem(QUEUE_KEY, JSON.stringify([ev('left')]));
    const h = harness(store);
    h.queue.setEnabled(true);
    await h.advance(0);
    expect(h.sent).toEqual([[ev('left')]]);
  });

  it('drops a batch the server refused with a 4xx, which could never succeed', async () => {
    const h = harness();
    h.answers.push('drop');
    h.queue.push(ev('bad'));
    await h.advance(GATHER_MS);
    expect(h.stored()).toEqual([]);
    await h.advance(GATHER_MS + MAX_BACKOFF_MS);
    expect(h.sent).toHaveLength(1);
  });

  it('keeps events pushed while a batch was on its way', async () => {
    const h = harness();
    let release: (again: boolean) => void = () => undefined;
    const queue = createQueue<Ev>({
      store: h.store,
      now: () => 0,
      schedule: () => undefined,
      send: () => new Promise((resolve) => (release = resolve)),
    });
    queue.push(ev('a'));
    const sending = queue.flush();
    queue.push(ev('b'));
    release(false);
    await sending;
    expect(h.stored()).toEqual([ev('b')]);
  });

  it('sends at most one batch of MAX_BATCH at a time, then the rest', async () => {
    const h = harness();
    for (let i = 0; i < MAX_BATCH + 3; i += 1) h.queue.push(ev(`e${i}`));
    await h.advance(GATHER_MS);
    expect(h.sent.map((batch) => batch.length)).toEqual([MAX_BATCH]);
    await h.advance(GATHER_MS);
    expect(h.sent.map((batch) => batch.length)).toEqual([MAX_BATCH, 3]);
  });

  it('forgets everything and sends nothing while consent is withdrawn', async () => {
    const h = harness();
    h.queue.push(ev('a'));
    h.queue.setEnabled(false);
    h.queue.push(ev('b'));
    await h.advance(GATHER_MS * 10);
    expect(h.sent).toEqual([]);
    expect(h.stored()).toEqual([]);
    h.queue.setEnabled(true);
    h.queue.push(ev('c'));
    await h.advance(GATHER_MS * 20);
    expect(h.sent).toEqual([[ev('c')]]);
  });

  it('sends nothing while held, even when asked to, and everything in one batch once released', async () => {
    const h = harness();
    h.queue.hold(true);
    h.queue.push(ev('goal'));
    await h.queue.flush();
    await h.advance(GATHER_MS * 10);
    expect(h.sent).toEqual([]);
    expect(h.stored()).toEqual([ev('goal')]);
    h.queue.push(ev('exposure'));
    h.queue.hold(false);
    await h.advance(GATHER_MS * 10);
    expect(h.sent).toEqual([[ev('goal'), ev('exposure')]]);
    expect(h.stored()).toEqual([]);
  });
});

describe('answers from /api/collect', () => {
  it('retry on 429, 408 and 5xx, drop on other 4xx', () => {
    expect([202, 200].map(sendAgainAfter)).toEqual([false, false]);
    expect([400, 404, 413, 422].map(sendAgainAfter)).toEqual([false, false, false, false]);
    expect([429, 408, 500, 503].map(sendAgainAfter)).toEqual([true, true, true, true]);
  });

  it('back off from 1 s, doubling, to at most a minute', () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([1000, 2000, 4000]);
    expect(backoffMs(30)).toBe(MAX_BACKOFF_MS);
  });
});
