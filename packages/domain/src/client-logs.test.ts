import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_LOG_DEPTH_LIMIT,
  CLIENT_LOG_DEPTH_MARK,
  CLIENT_LOG_MAX_RECORDS,
  CLIENT_LOG_MESSAGES,
  CLIENT_LOG_STRING_LIMIT,
  categoryAllowed,
  cutLogString,
  limitLogValue,
  nestedDeeperThan,
  parseCategoryList,
  teamSlugOfPageUrl,
} from './client-log-limits';
import { clientLogBatchSchema } from './client-logs';

const record = {
  level: 'error',
  category: 'ui',
  message: 'Uncaught interface error',
  data: { path: '/admin/acme/campaigns' },
  time: '2026-11-26T13:00:00.000Z',
  url: 'https://kindling.example/admin/acme/campaigns',
  user_locale: 'en-GB',
  user_agent: 'Mozilla/5.0',
  device_pixel_ratio: 2,
  screen: { width: 1440, height: 900 },
  window: { width: 1440, height: 800 },
};
const messagesOf = (value: unknown) =>
  clientLogBatchSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
/** `{a: {a: ... 'leaf'}}` with `levels` objects. */
const nested = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nested(levels - 1) });

describe('the client log contract', () => {
  it('takes a batch of records with their page context', () => {
    expect(clientLogBatchSchema.parse({ records: [record] }).records[0]).toEqual(record);
    expect(messagesOf({ records: [{ ...record, data: undefined }] })).toEqual([]);
  });

  it('refuses more than 50 records, an empty batch, a bad level and a long message', () => {
    expect(messagesOf({ records: Array(CLIENT_LOG_MAX_RECORDS).fill(record) })).toEqual([]);
    expect(messagesOf({ records: Array(CLIENT_LOG_MAX_RECORDS + 1).fill(record) })).toEqual([
      'A batch holds at most 50 log records.',
    ]);
    expect(messagesOf({ records: [] })).toEqual(['A batch holds at least one log record.']);
    expect(messagesOf({ records: [{ ...record, level: 'fatal' }] })).toEqual([
      'The level is one of debug, info, warn, error.',
    ]);
    expect(messagesOf({ records: [{ ...record, message: 'x'.repeat(1001) }] })).toEqual([
      'A log message is at most 1000 characters.',
    ]);
  });

  it('refuses data deeper than 10 levels or holding a string over 1000 characters', () => {
    expect(messagesOf({ records: [{ ...record, data: nested(10) }] })).toEqual([]);
    expect(messagesOf({ records: [{ ...record, data: nested(11) }] })).toEqual([
      CLIENT_LOG_MESSAGES.depth,
    ]);
    expect(messagesOf({ records: [{ ...record, data: { a: ['x'.repeat(1001)] } }] })).toEqual([
      'Logged strings are at most 1000 characters.',
    ]);
  });

  it('checks a hostile depth without exhausting the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(nestedDeeperThan(deep, CLIENT_LOG_DEPTH_LIMIT)).toBe(true);
    expect(messagesOf({ records: [{ ...record, data: deep }] })).toEqual([
      CLIENT_LOG_MESSAGES.depth,
    ]);
  });
});

describe('limitLogValue (one rule for the browser and the server)', () => {
  it('cuts strings at 1000 characters, marking the cut', () => {
    expect(cutLogString('x'.repeat(1000))).toBe('x'.repeat(1000));
    const cut = cutLogString('x'.repeat(1500));
    expect(cut).toHaveLength(CLIENT_LOG_STRING_LIMIT);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('replaces what is nested deeper than 10 levels', () => {
    const limited = limitLogValue(nested(12));
    let inner = limited as Record<string, unknown>;
    for (let i = 0; i < CLIENT_LOG_DEPTH_LIMIT - 1; i += 1) inner = inner.a as typeof inner;
    expect(inner.a).toBe(CLIENT_LOG_DEPTH_MARK);
  });

  it('logs errors by name, message and stack, and survives cycles and bigints', () => {
    const error = new TypeError('boom');
    expect(limitLogValue(error)).toEqual({
      name: 'TypeError',
      message: 'boom',
      stack: error.stack,
    });
    const cyclic: Record<string, unknown> = { n: 1n };
    cyclic.self = cyclic;
    const limited = limitLogValue(cyclic);
    expect(JSON.stringify(limited)).toContain(CLIENT_LOG_DEPTH_MARK);
    expect((limited as { n: string }).n).toBe('1');
    expect(limitLogValue({ at: new Date('2026-11-26T13:00:00Z') })).toEqual({
      at: '2026-11-26T13:00:00.000Z',
    });
  });

  it('always yields data the contract takes', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 14, withBigInt: true }), (value) => {
        const data = JSON.parse(JSON.stringify({ data: limitLogValue(value) ?? null })) as {
          data: unknown;
        };
        expect(messagesOf({ records: [{ ...record, data: data.data }] })).toEqual([]);
      }),
    );
  });

  it('leaves small values as they are', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
        fc.pre(JSON.stringify(value).length < CLIENT_LOG_STRING_LIMIT);
        // As JSON: -0 and 0 are the same number there.
        expect(JSON.stringify(limitLogValue(value))).toBe(JSON.stringify(value));
      }),
    );
  });

  it('keeps a "__proto__" key as a key, without touching the copy\'s prototype', () => {
    const value = JSON.parse('[{"__proto__":[1]}]') as unknown;
    const limited = limitLogValue(value) as object[];
    expect(JSON.stringify(limited)).toBe('[{"__proto__":[1]}]');
    expect(Object.getPrototypeOf(limited[0])).toBe(Object.prototype);
  });
});

describe('categoryAllowed (spec section 9: allow-list or deny-list, "*" matches all)', () => {
  const category = fc.string({ minLength: 1, maxLength: 12 }).filter((c) => c !== '*');
  const list = fc.array(fc.oneof(category, fc.constant('*')), { maxLength: 5 });

  it('"*" allows every category and denies every category', () => {
    fc.assert(
      fc.property(category, list, (c, deny) => {
        expect(categoryAllowed(c, { allow: ['*'], deny })).toBe(
          !deny.includes('*') && !deny.includes(c),
        );
        expect(categoryAllowed(c, { allow: ['*'], deny: ['*'] })).toBe(false);
      }),
    );
  });

  it('the deny-list wins over the allow-list', () => {
    fc.assert(
      fc.property(category, list, list, (c, allow, deny) => {
        if (deny.includes(c) || deny.includes('*')) {
          expect(categoryAllowed(c, { allow, deny })).toBe(false);
        }
      }),
    );
  });

  it('an allow-list without "*" allows only what it names', () => {
    fc.assert(
      fc.property(category, fc.array(category, { maxLength: 5 }), (c, allow) => {
        expect(categoryAllowed(c, { allow, deny: [] })).toBe(allow.includes(c));
      }),
    );
    expect(categoryAllowed('api', { allow: ['ui', 'api'], deny: [] })).toBe(true);
    expect(categoryAllowed('job', { allow: ['ui', 'api'], deny: [] })).toBe(false);
  });

  it('reads a configured list: comma-separated, blanks ignored', () => {
    expect(parseCategoryList('')).toEqual([]);
    expect(parseCategoryList('*')).toEqual(['*']);
    expect(parseCategoryList(' ui, api ,,job ')).toEqual(['ui', 'api', 'job']);
  });
});

describe('teamSlugOfPageUrl', () => {
  it('names the team of an admin page, and nothing else', () => {
    expect(teamSlugOfPageUrl('https://k.example/admin/acme-co/campaigns')).toBe('acme-co');
    expect(teamSlugOfPageUrl('https://k.example/admin/acme')).toBe('acme');
    expect(teamSlugOfPageUrl('https://k.example/admin/auth/sign-in')).toBeNull();
    expect(teamSlugOfPageUrl('https://k.example/admin')).toBeNull();
    expect(teamSlugOfPageUrl('https://k.example/admin/Not%20A%20Slug/x')).toBeNull();
    expect(teamSlugOfPageUrl('not a url')).toBeNull();
  });
});
