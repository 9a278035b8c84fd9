import {
  CLIENT_LOG_DEPTH_MARK,
  CLIENT_LOG_MAX_RECORDS,
  clientLogBatchSchema,
  type ClientLogRecord,
} from '@kindling/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchBodies, isSameOrigin, recordsToSend, sanitize } from './log-rules';

const record = (category: string, message = 'something happened'): ClientLogRecord => ({
  level: 'warn',
  category,
  message,
  time: '2026-11-26T13:00:00.000Z',
  url: 'http://localhost:5173/admin/acme/campaigns',
  user_locale: 'en-GB',
  user_agent: 'Mozilla/5.0',
  device_pixel_ratio: 1,
  screen: { width: 1440, height: 900 },
  window: { width: 1440, height: 900 },
});

describe('the logger rules', () => {
  it('cuts strings at 1000 characters and objects at depth 10 (spec section 9)', () => {
    const data = {
      text: 'y'.repeat(5000),
      deep: { a: { b: { c: { d: { e: { f: { g: { h: { i: { j: 1 } } } } } } } } } },
    };
    const clean = sanitize(data) as { text: string; deep: Record<string, unknown> };
    expect(clean.text).toHaveLength(1000);
    expect(JSON.stringify(clean.deep)).toContain(CLIENT_LOG_DEPTH_MARK);
    expect(
      clientLogBatchSchema.safeParse({ records: [{ ...record('ui'), data: clean }] }).success,
    ).toBe(true);
  });

  it('sends only the categories the configuration lets through', () => {
    const records = ['ui', 'api', 'auth', 'job'].map((category) => record(category));
    const categories = (sent: ClientLogRecord[]) => sent.map((r) => r.category);
    expect(categories(recordsToSend(records, { allow: ['*'], deny: [] }))).toEqual([
      'ui',
      'api',
      'auth',
      'job',
    ]);
    expect(categories(recordsToSend(records, { allow: ['ui', 'api'], deny: [] }))).toEqual([
      'ui',
      'api',
    ]);
    expect(categories(recordsToSend(records, { allow: ['*'], deny: ['api', 'job'] }))).toEqual([
      'ui',
      'auth',
    ]);
    expect(recordsToSend(records, { allow: ['*'], deny: ['*'] })).toEqual([]);
  });

  it('posts batches the server takes: at most 50 records, each body under the keepalive limit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 1000 }), { maxLength: 160 }),
        fc.integer({ min: 8000, max: 60_000 }),
        (messages, maxBytes) => {
          const records = messages.map((message) => record('ui', message));
          const bodies = batchBodies(records, maxBytes);
          const parsed = bodies.map((body) => clientLogBatchSchema.parse(JSON.parse(body)).records);
          // Nothing lost, nothing reordered.
          expect(parsed.flat()).toEqual(records);
          for (const batch of parsed)
            expect(batch.length).toBeLessThanOrEqual(CLIENT_LOG_MAX_RECORDS);
          for (const body of bodies) {
            expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(maxBytes);
          }
        },
      ),
    );
  });

  it('sends a record larger than the limit alone rather than dropping it', () => {
    const big = record('ui', 'é'.repeat(1000));
    const bodies = batchBodies([record('ui'), big, record('ui')], 1500);
    expect(
      bodies.map((body) => (JSON.parse(body) as { records: unknown[] }).records.length),
    ).toEqual([1, 1, 1]);
  });

  it('gives the session token to this server only', () => {
    expect(isSameOrigin('/api/logs', 'https://kindling.example')).toBe(true);
    expect(isSameOrigin('https://kindling.example/api/logs', 'https://kindling.example')).toBe(
      true,
    );
    expect(isSameOrigin('https://logs.example/ingest', 'https://kindling.example')).toBe(false);
    expect(isSameOrigin('http://kindling.example/api/logs', 'https://kindling.example')).toBe(
      false,
    );
  });
});
