import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

interface Batch {
  name: string;
  size: number;
}

/** A store whose transactions are held open until released, recording each group it saw. */
function heldStore(fail: (batches: Batch[]) => boolean = () => false) {
  const groups: string[][] = [];
  const pending: (() => void)[] = [];
  const store = (batches: Batch[]) =>
    new Promise<string[]>((resolve, reject) => {
      groups.push(batches.map((batch) => batch.name));
      pending.push(() =>
        fail(batches)
          ? reject(new Error(`failed: ${batches.map((batch) => batch.name).join(',')}`))
          : resolve(batches.map((batch) => `stored ${batch.name} with ${batches.length - 1}`)),
      );
    });
  /** Lets the oldest open transaction finish, then lets the queue move. */
  const release = async () => {
    pending.shift()!();
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { store, groups, release, open: () => pending.length };
}

const batch = (name: string, size = 1): Batch => ({ name, size });

describe('createGroupCommit', () => {
  it('stores a lone batch at once, and batches arriving meanwhile together in the next transaction', async () => {
    const held = heldStore();
    const submit = createGroupCommit({ store: held.store, sizeOf: (b) => b.size, maxSize: 100 });
    const a = submit(batch('a'));
    const b = submit(batch('b'));
    const c = submit(batch('c'));
    expect(held.groups).toEqual([['a']]);
    await held.release();
    expect(await a).toBe('stored a with 0');
    expect(held.groups).toEqual([['a'], ['b', 'c']]);
    await held.release();
    expect(await b).toBe('stored b with 1');
    expect(await c).toBe('stored c with 1');
  });

  it('answers nobody before their own transaction commits', async () => {
    const held = heldStore();
    const submit = createGroupCommit({ store: held.store, sizeOf: (b) => b.size, maxSize: 100 });
    const answered: string[] = [];
    void submit(batch('a')).then(() => answered.push('a'));
    void submit(batch('b')).then(() => answered.push('b'));
    await Promise.resolve();
    expect(answered).toEqual([]);
    await held.release();
    expect(answered).toEqual(['a']);
    await held.release();
    expect(answered).toEqual(['a', 'b']);
  });

  it('keeps a group within maxSize, in arrival order, always taking a first batch', async () => {
    const held = heldStore();
    const submit = createGroupCommit({ store: held.store, sizeOf: (b) => b.size, maxSize: 100 });
    const all = [
      submit(batch('first', 10)),
      submit(batch('huge', 300)),
      submit(batch('x', 60)),
      submit(batch('y', 40)),
      submit(batch('z', 1)),
    ];
    for (let i = 0; i < 4; i += 1) await held.release();
    await Promise.all(all);
    expect(held.groups).toEqual([['first'], ['huge'], ['x', 'y'], ['z']]);
  });

  it('runs up to `concurrency` transactions at once', async () => {
    const held = heldStore();
    const submit = createGroupCommit({
      store: held.store,
      sizeOf: (b) => b.size,
      maxSize: 100,
      concurrency: 2,
    });
    const all = ['a', 'b', 'c', 'd'].map((name) => submit(batch(name)));
    expect(held.groups).toEqual([['a'], ['b']]);
    expect(held.open()).toBe(2);
    await held.release();
    expect(held.groups).toEqual([['a'], ['b'], ['c', 'd']]);
    await held.release();
    await held.release();
    await Promise.all(all);
  });

  it('stores each batch of a failed group alone, so one bad batch refuses only itself', async () => {
    const held = heldStore((batches) => batches.some((b) => b.name === 'bad'));
    const submit = createGroupCommit({ store: held.store, sizeOf: (b) => b.size, maxSize: 100 });
    const first = submit(batch('first'));
    const good = submit(batch('good'));
    const bad = submit(batch('bad'));
    const other = submit(batch('other'));
    const outcomes = Promise.allSettled([good, bad, other]);
    await held.release(); // first
    await held.release(); // good, bad, other: fails
    await held.release(); // good alone
    await held.release(); // bad alone: fails
    await held.release(); // other alone
    expect(await first).toBe('stored first with 0');
    const [goodOutcome, badOutcome, otherOutcome] = await outcomes;
    expect(goodOutcome).toEqual({ status: 'fulfilled', value: 'stored good with 0' });
    expect(badOutcome).toMatchObject({ status: 'rejected', reason: new Error('failed: bad') });
    expect(otherOutcome).toEqual({ status: 'fulfilled', value: 'stored other with 0' });
    expect(held.groups).toEqual([
      ['first'],
      ['good', 'bad', 'other'],
      ['good'],
      ['bad'],
      ['other'],
    ]);
  });

  it('rejects a lone batch with its own error, once, and keeps serving the queue', async () => {
    let calls = 0;
    const submit = createGroupCommit({
      store: (batches: Batch[]) => {
        calls += 1;
        return batches[0]!.name === 'bad'
          ? Promise.reject(new Error('nope'))
          : Promise.resolve(batches.map((b) => b.name));
      },
      sizeOf: (b) => b.size,
      maxSize: 100,
    });
    await expect(submit(batch('bad'))).rejects.toThrow('nope');
    expect(calls).toBe(1);
    expect(await submit(batch('next'))).toBe('next');
  });

  it('rejects when the store throws synchronously', async () => {
    const submit = createGroupCommit<Batch, string>({
      store: () => {
        throw new Error('sync');
      },
      sizeOf: (b) => b.size,
      maxSize: 100,
    });
    await expect(submit(batch('a'))).rejects.toThrow('sync');
  });
});
