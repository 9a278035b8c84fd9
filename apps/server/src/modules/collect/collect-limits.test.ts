import { randomUUID } from 'node:crypto';
import { COLLECT_MAX_EVENTS } from '@kindling/domain';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { errorOf, useTestApp } from '../../../test/test-app';
import { JSON_TOO_DEEP, jsonTooManyContainers } from '../../http/json-body';
import { COLLECT_BODY_LIMIT_BYTES, COLLECT_MAX_JSON_CONTAINERS } from './routes';

// Issue 34: /api/collect reads at most COLLECT_BODY_LIMIT_BYTES and no JSON nested deeper than
// the app's limit, while the largest batch the contract allows still passes.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';
const MAX_ID = 2_147_483_647;
/** Elements assigned per exposure; campaigns have a handful, this is many times that. */
const ELEMENTS = 30;

/**
 * An exposure with every field at its longest: the contract's limits, ELEMENTS elements. Marked
 * as a preview, so the whole contract is checked and nothing is stored (no campaign needed).
 */
const maximalExposure = () => {
  const keys = Array.from({ length: ELEMENTS }, (_, i) => String(MAX_ID - i));
  return {
    id: randomUUID(),
    type: 'exposure',
    campaignId: MAX_ID,
    visitorId: 'v'.repeat(64),
    sessionId: 's'.repeat(64),
    ts: Date.now(),
    url: `https://shop.example/${'a'.repeat(2048 - 21)}`,
    preview: true,
    assignments: Object.fromEntries(keys.map((key) => [key, MAX_ID])),
    applied: Object.fromEntries(keys.map((key) => [key, 60_000])),
    // Healed ids are elements assigned in the same exposure: all of them at most.
    healed: keys.map(Number),
  };
};

describeEachDatabase('POST /api/collect: body limits', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false, COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  const post = (payload: string, contentType = 'text/plain') =>
    t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'user-agent': BROWSER, 'content-type': contentType },
      payload,
    });

  it('takes the largest batch the contract allows, as text/plain and as JSON', async () => {
    const batch = JSON.stringify({
      events: Array.from({ length: COLLECT_MAX_EVENTS }, maximalExposure),
    });
    // Far above what every other public route takes, within the route's own limit.
    expect(Buffer.byteLength(batch)).toBeGreaterThan(399_000);
    expect(Buffer.byteLength(batch)).toBeLessThan(COLLECT_BODY_LIMIT_BYTES);
    for (const contentType of ['text/plain', 'application/json']) {
      const response = await post(batch, contentType);
      expect(response.statusCode, response.body).toBe(202);
    }
  });

  it('refuses a body over its limit with 413, JSON too deep or too many arrays with 400', async () => {
    const tooLarge = await post(`{"events":[${'1,'.repeat(COLLECT_BODY_LIMIT_BYTES / 2)}1]}`);
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is larger than 512 KB.',
    });
    const deep = `{"events":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    // 500 KB of small arrays, 240,000 of them: the probe's body, within the byte limit.
    const wide = `{"events":[${'[[[[[[[[[[]]]]]]]]]],'.repeat(24_000)}[]]}`;
    for (const contentType of ['text/plain', 'application/json']) {
      const tooDeep = await post(deep, contentType);
      expect(tooDeep.statusCode).toBe(400);
      expect(errorOf(tooDeep)).toEqual({ code: 'VALIDATION', message: JSON_TOO_DEEP });
      const tooWide = await post(wide, contentType);
      expect(tooWide.statusCode).toBe(400);
      expect(errorOf(tooWide)).toEqual({
        code: 'VALIDATION',
        message: jsonTooManyContainers(COLLECT_MAX_JSON_CONTAINERS),
      });
    }
  });
});
