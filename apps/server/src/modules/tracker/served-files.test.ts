import { describe, expect, it } from 'vitest';
import { createServedFiles, type BuiltFile } from './served-files';

const built = (body: string, teamId = 1): BuiltFile => ({
  file: { body, etag: `"${body}"` },
  teamId,
});
const file = (body: string) => built(body).file;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('served tracker files', () => {
  function setup(refreshDelayMs = 0) {
    let clock = 0;
    const errors: string[] = [];
    const files = createServedFiles({
      freshMs: 5_000,
      changedWaitMs: 50,
      maxEntries: 3,
      refreshDelayMs,
      onRebuildError: (_error, key) => errors.push(key),
      now: () => clock,
    });
    return { files, errors, advance: (ms: number) => (clock += ms) };
  }

  it('builds once, then answers from memory while the file is fresh', async () => {
    const { files } = setup();
    let builds = 0;
    const build = () => Promise.resolve(built(`v${++builds}`));
    expect(await files.get('a', build)).toEqual(file('v1'));
    expect(await files.get('a', build)).toEqual(file('v1'));
    expect(builds).toBe(1);
  });

  it('answers the last good file at once when stale, and the rebuilt one afterwards', async () => {
    const { files, advance } = setup();
    let version = 1;
    const build = () => Promise.resolve(built(`v${version}`));
    await files.get('a', build);
    version = 2;
    advance(5_000);
    expect(await files.get('a', build)).toEqual(file('v1'));
    await settle();
    expect(await files.get('a', build)).toEqual(file('v2'));
  });

  it('starts the background rebuild refreshDelayMs after the stale request, once', async () => {
    const { files, advance } = setup(40);
    let builds = 0;
    const build = () => Promise.resolve(built(`v${++builds}`));
    await files.get('a', build);
    advance(5_000);
    // The page's other request, right behind, is answered before any rebuild work starts.
    expect(await files.get('a', build)).toEqual(file('v1'));
    expect(await files.get('a', build)).toEqual(file('v1'));
    await settle();
    expect(builds).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(builds).toBe(2);
    expect(await files.get('a', build)).toEqual(file('v2'));
  });

  it('keeps answering the last good file while every rebuild fails (the database is down)', async () => {
    const { files, errors, advance } = setup();
    await files.get('a', () => Promise.resolve(built('good')));
    let attempts = 0;
    const failing = () => {
      attempts += 1;
      return Promise.reject(new Error('connection refused'));
    };
    for (let i = 0; i < 3; i += 1) {
      advance(5_000);
      expect(await files.get('a', failing)).toEqual(file('good'));
      await settle();
    }
    expect(attempts).toBe(3);
    expect(errors).toEqual(['a', 'a', 'a']);
  });

  it('rebuilds a changed team’s files on the next request, theirs only', async () => {
    const { files } = setup();
    let version = 1;
    const build = (teamId: number) => () => Promise.resolve(built(`t${teamId}v${version}`, teamId));
    await files.get('a', build(1));
    await files.get('b', build(2));
    version = 2;
    files.changed(1);
    expect(await files.get('a', build(1))).toEqual(file('t1v2'));
    expect(await files.get('b', build(2))).toEqual(file('t2v1'));
  });

  it('after a change, answers the last good file when the rebuild hangs, and the new one once it lands', async () => {
    const { files } = setup();
    await files.get('a', () => Promise.resolve(built('old')));
    files.changed(1);
    let finish: (value: BuiltFile) => void = () => undefined;
    let builds = 0;
    const hanging = () => {
      builds += 1;
      return new Promise<BuiltFile>((resolve) => (finish = resolve));
    };
    const started = Date.now();
    expect(await files.get('a', hanging)).toEqual(file('old'));
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await files.get('a', hanging)).toEqual(file('old'));
    expect(builds).toBe(1);
    finish(built('new'));
    await settle();
    expect(await files.get('a', hanging)).toEqual(file('new'));
  });

  it('rebuilds again when the team changes while a build reads the database, first or later', async () => {
    const { files } = setup();
    const deferred = () => {
      let finish: (value: BuiltFile) => void = () => undefined;
      const pending = new Promise<BuiltFile>((resolve) => (finish = resolve));
      return { build: () => pending, finish };
    };
    // The first build read the campaigns, then a write committed and said so.
    const firstRead = deferred();
    const answered = files.get('a', firstRead.build);
    files.changed(1);
    firstRead.finish(built('before the write'));
    expect(await answered).toEqual(file('before the write'));
    expect(await files.get('a', () => Promise.resolve(built('after the write')))).toEqual(
      file('after the write'),
    );
    // The same for a rebuild after a change: a second change lands while it reads.
    files.changed(1);
    const rebuildRead = deferred();
    const waiting = files.get('a', rebuildRead.build);
    files.changed(1);
    rebuildRead.finish(built('between the writes'));
    expect(await waiting).toEqual(file('between the writes'));
    expect(await files.get('a', () => Promise.resolve(built('after both')))).toEqual(
      file('after both'),
    );
  });

  it('shares the first build between concurrent requests, and does not keep a failed one', async () => {
    const { files } = setup();
    let builds = 0;
    const build = () => {
      builds += 1;
      return builds === 1 ? Promise.reject(new Error('down')) : Promise.resolve(built('v2'));
    };
    const first = await Promise.allSettled([files.get('a', build), files.get('a', build)]);
    expect(first.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(builds).toBe(1);
    expect(await files.get('a', build)).toEqual(file('v2'));
  });

  it('holds at most maxEntries files, dropping the least recently asked', async () => {
    const { files } = setup();
    for (const key of ['a', 'b', 'c']) await files.get(key, () => Promise.resolve(built(key)));
    await files.get('a', () => Promise.resolve(built('a2')));
    await files.get('d', () => Promise.resolve(built('d')));
    expect(files.size()).toBe(3);
    expect(await files.get('b', () => Promise.resolve(built('b2')))).toEqual(file('b2'));
    expect(await files.get('a', () => Promise.resolve(built('a3')))).toEqual(file('a'));
  });
});
