import { TRACKER_SESSION_MS } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { nextSession, SESSION_KEY, touchSession, VISITOR_KEY, visitorId } from './ids';
import { memoryStore } from './storage';

const ids = () => {
  let n = 0;
  return () => `id-${(n += 1)}`;
};

describe('visitor id', () => {
  it('is made once and kept in the first store', () => {
    const local = memoryStore();
    const newId = ids();
    expect(visitorId([local], newId)).toBe('id-1');
    expect(visitorId([local], newId)).toBe('id-1');
    expect(local.getItem(VISITOR_KEY)).toBe('id-1');
  });

  it('is found in the cookie fallback when localStorage lost it, and copied back', () => {
    const local = memoryStore();
    const cookie = memoryStore();
    cookie.setItem(VISITOR_KEY, 'from-cookie');
    expect(visitorId([local, cookie], ids())).toBe('from-cookie');
    expect(local.getItem(VISITOR_KEY)).toBe('from-cookie');
  });

  it('replaces a stored id /api/collect would refuse', () => {
    const local = memoryStore();
    local.setItem(VISITOR_KEY, 'has spaces<script>');
    expect(visitorId([local], ids())).toBe('id-1');
  });
});

describe('sessions', () => {
  const start = 1_800_000_000_000;

  it('continue while the visitor is active within 30 minutes', () => {
    const first = nextSession(undefined, start, ids());
    const later = nextSession(first, start + TRACKER_SESSION_MS - 1, ids());
    expect(later.id).toBe(first.id);
    // Activity moves the window: 29 more minutes later it is still the same session.
    expect(nextSession(later, later.last + TRACKER_SESSION_MS - 1, ids()).id).toBe(first.id);
  });

  it('start anew after 30 minutes without activity', () => {
    const newId = ids();
    const first = nextSession(undefined, start, newId);
    expect(nextSession(first, start + TRACKER_SESSION_MS, newId).id).not.toBe(first.id);
  });

  it('keep going when the clock steps back', () => {
    const first = nextSession(undefined, start, ids());
    expect(nextSession(first, start - 60_000, ids())).toEqual(first);
  });

  it('are stored, so the next page view continues them', () => {
    const store = memoryStore();
    const newId = ids();
    const id = touchSession(store, start, newId);
    expect(touchSession(store, start + 60_000, newId)).toBe(id);
    expect(JSON.parse(store.getItem(SESSION_KEY)!)).toEqual({ id, last: start + 60_000 });
    store.setItem(SESSION_KEY, '{not json');
    expect(touchSession(store, start + 120_000, newId)).not.toBe(id);
  });
});
