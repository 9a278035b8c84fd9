// @vitest-environment happy-dom
import { identityHashInput, IDENTITY_MESSAGES } from '@kindling/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VISITOR_KEY } from '../tracker/ids';
import { identify, identityHash, LINKED_KEY } from './entry';

// The part's own rules, with the network answered here; e2e/identity.test.ts runs it against
// the real server in Chromium.

const PART_URL = 'https://kindling.example.com/api/tracker/lumen-lamps/identify.js';
const LINK_URL = 'https://kindling.example.com/api/tracker/lumen-lamps/identify';

/** Answers every link with `answer` and records what was posted. */
function linkAnswering(answer: unknown, status = 200) {
  const posted: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    posted.push({ url, body: JSON.parse(init.body as string) as unknown });
    return Promise.resolve(new Response(JSON.stringify(answer), { status }));
  });
  return posted;
}

describe('identify.js', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('hashes the id as the server documents it: SHA-256 of kindling:{team}:{id}, in hex', async () => {
    const input = new TextEncoder().encode(identityHashInput('lumen-lamps', 'customer-ü-7'));
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
    const expected = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    expect(identityHash('lumen-lamps', 'customer-ü-7')).toBe(expected);
  });

  it('posts the hash and the device id, keeps the answered id, and asks once per identity', async () => {
    localStorage.setItem(VISITOR_KEY, 'phone-visitor');
    const posted = linkAnswering({ visitorId: 'laptop-visitor' });
    await identify(['customer-42', 'phone-visitor'], PART_URL);
    const identity = identityHash('lumen-lamps', 'customer-42');
    expect(posted).toEqual([{ url: LINK_URL, body: { identity, visitorId: 'phone-visitor' } }]);
    expect(JSON.stringify(posted)).not.toContain('customer-42');
    expect(localStorage.getItem(VISITOR_KEY)).toBe('laptop-visitor');
    expect(localStorage.getItem(LINKED_KEY)).toBe(identity);
    await identify(['customer-42', 'laptop-visitor'], PART_URL);
    expect(posted).toHaveLength(1);
  });

  it('gives a second person on a linked browser a visitor id of their own', async () => {
    const posted = linkAnswering({ visitorId: 'first-person' });
    await identify(['customer-1', 'shared-browser'], PART_URL);
    await identify(['customer-2', 'first-person'], PART_URL);
    const second = posted[1]!.body as { visitorId: string };
    expect(second.visitorId).not.toBe('first-person');
    expect(second.visitorId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends nothing for an id that is not a string of 1 to 256 characters, and says so', async () => {
    const posted = linkAnswering({ visitorId: 'x' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const userId of ['', 42, null, 'x'.repeat(257)]) {
      await identify([userId, 'device'], PART_URL);
    }
    expect(posted).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn).toHaveBeenCalledWith(IDENTITY_MESSAGES.userId);
    warn.mockRestore();
  });

  it('keeps the device as it was when the answer is refused or not a visitor id', async () => {
    localStorage.setItem(VISITOR_KEY, 'device');
    linkAnswering({ error: { message: 'Team not found' } }, 404);
    await identify(['customer-9', 'device'], PART_URL);
    linkAnswering({ visitorId: '<script>' });
    await identify(['customer-9', 'device'], PART_URL);
    expect(localStorage.getItem(VISITOR_KEY)).toBe('device');
    expect(localStorage.getItem(LINKED_KEY)).toBeNull();
  });
});
