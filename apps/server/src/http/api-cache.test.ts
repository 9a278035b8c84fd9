import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { bearer, createTeam, signUp, useTestApp, type Account } from '../../test/test-app';
import { PRIVATE_CACHE_CONTROL, TRACKER_STALE_CACHING } from './public-answer';
import { API_CACHE_CONTROL, etagOf, matchesIfNoneMatch } from './api-cache';

describe('matchesIfNoneMatch', () => {
  const etag = etagOf('{"a":1}');
  it('matches the tag, a list holding it, its weak form and *', () => {
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
  });
  it('does not match another tag or no header', () => {
    expect(matchesIfNoneMatch(etagOf('{"a":2}'), etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
    expect(matchesIfNoneMatch('', etag)).toBe(false);
  });
});

describeEachDatabase('ETags on GET API answers', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let slug: string;

  const get = (path: string, headers: Record<string, string> = {}, as = owner) =>
    t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}${path}`,
      headers: { ...bearer(as), ...headers },
    });

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Cache Owner');
    slug = await createTeam(t.current.app, owner, 'Cache Team');
  });

  it('answers a GET with an ETag, revalidated on every reuse and private to the user', async () => {
    const first = await get('/waitlist');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe(etagOf(first.body));
    expect(first.headers['cache-control']).toBe(API_CACHE_CONTROL);
    expect(first.headers['cache-control']).not.toMatch(/max-age/);
    expect(String(first.headers.vary)).toMatch(/\bAuthorization\b/i);
  });

  it('answers 304 with no body to a repeat carrying If-None-Match', async () => {
    const first = await get('/waitlist');
    const repeat = await get('/waitlist', { 'if-none-match': String(first.headers.etag) });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
    expect(repeat.headers.etag).toBe(first.headers.etag);
    const other = await get('/waitlist', { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('a write changes the ETag, so the old copy is answered in full', async () => {
    const before = await get('/url-context/by-url?url=lamps.example.com');
    const joined = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/url-context/save`,
      headers: bearer(owner),
      payload: { url: 'lamps.example.com', context: { offer: 'Lamps' } },
    });
    expect(joined.headers.etag).toBeUndefined();
    const after = await get('/url-context/by-url?url=lamps.example.com', {
      'if-none-match': String(before.headers.etag),
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json()).toMatchObject({ context: { offer: 'Lamps' } });
  });

  it('never matches another user’s copy: same address, different answer, different ETag', async () => {
    const other = await signUp(t.current.app, 'Other Person');
    const mine = await t.current.app.inject({
      method: 'GET',
      url: '/api/user/by-session',
      headers: bearer(owner),
    });
    const theirs = await t.current.app.inject({
      method: 'GET',
      url: '/api/user/by-session',
      headers: { ...bearer(other), 'if-none-match': String(mine.headers.etag) },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
  });

  it('leaves errors and routes with a policy of their own alone', async () => {
    const missing = await get('/waitlist?entry=teleport');
    expect(missing.statusCode).toBe(400);
    expect(missing.headers.etag).toBeUndefined();
    const tracker = await t.current.app.inject({
      method: 'GET',
      url: `/api/tracker/${slug}/config.json`,
    });
    expect(tracker.statusCode).toBe(200);
    // The tracker's own policy: private here, since no PUBLIC_URL is set (public-answer.ts).
    expect(tracker.headers['cache-control']).toBe(
      `${PRIVATE_CACHE_CONTROL}, ${TRACKER_STALE_CACHING}`,
    );
  });
});
