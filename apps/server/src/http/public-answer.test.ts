import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { PLANNER_PAGE } from '../../test/planner-page';
import { bearer, createTeam, signUp, useTestApp, type TestApp } from '../../test/test-app';
import {
  PRIVATE_CACHE_CONTROL,
  SHARED_CACHE_CONTROL,
  TRACKER_STALE_CACHING,
} from './public-answer';

// Issue 34, finding 1: an answer a shared cache may keep is never built from a request header.
const FORGED = { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };

async function publishedPage(t: { current: TestApp }) {
  const owner = await signUp(t.current.app, 'Carla Cache');
  const team = await createTeam(t.current.app, owner, 'Cache Team');
  const created = await t.current.app.inject({
    method: 'POST',
    url: `/api/team/${team}/pages`,
    headers: bearer(owner),
    payload: { slug: 'launch', content: { ...PLANNER_PAGE, cta: { type: 'signup', label: 'Go' } } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const published = await t.current.app.inject({
    method: 'POST',
    url: `/api/team/${team}/pages/${created.json<{ id: number }>().id}/publish`,
    headers: bearer(owner),
  });
  expect(published.statusCode).toBe(200);
  return team;
}

/** The policy without the tracker's stale-serving directives (tracker/routes.ts). */
const policyOf = (header: unknown) => String(header).replace(`, ${TRACKER_STALE_CACHING}`, '');

const publicAnswers = (team: string) => [
  `/api/tracker/${team}.js`,
  `/api/tracker/${team}/config.json`,
  `/p/${team}/launch`,
  `/p/${team}/launch/thanks`,
];

describeEachDatabase('public answers and a forged X-Forwarded-Host', (kind) => {
  describe('behind TRUST_PROXY without PUBLIC_URL', () => {
    const t = useTestApp(kind, { TRUST_PROXY: true, JOB_WORKER: false });
    let team: string;
    beforeAll(async () => (team = await publishedPage(t)));

    it('answers them for the asking browser only, varying on the headers they were built from', async () => {
      for (const url of publicAnswers(team)) {
        const response = await t.current.app.inject({ url, headers: FORGED });
        expect(response.statusCode, url).toBe(200);
        // Built from the forged header (the proxy said so), but no shared cache may keep it.
        expect(response.body, url).toContain('attacker.example');
        expect(policyOf(response.headers['cache-control']), url).toBe(PRIVATE_CACHE_CONTROL);
        expect(String(response.headers.vary), url).toMatch(/X-Forwarded-Host/);
        expect(String(response.headers.vary), url).toMatch(/\bHost\b/);
      }
    });

    it('keeps the private answer on a 304 too', async () => {
      const url = `/api/tracker/${team}.js`;
      const first = await t.current.app.inject({ url });
      const again = await t.current.app.inject({
        url,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(policyOf(again.headers['cache-control'])).toBe(PRIVATE_CACHE_CONTROL);
    });
  });

  describe('with PUBLIC_URL', () => {
    const t = useTestApp(kind, {
      TRUST_PROXY: true,
      JOB_WORKER: false,
      PUBLIC_URL: 'https://kindling.example.com',
    });
    let team: string;
    beforeAll(async () => (team = await publishedPage(t)));

    it('builds them from the configured origin whatever the request says, and lets caches share them', async () => {
      for (const url of publicAnswers(team)) {
        const response = await t.current.app.inject({ url, headers: FORGED });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).not.toContain('attacker.example');
        expect(response.body, url).toContain('https://kindling.example.com/api/');
        expect(policyOf(response.headers['cache-control']), url).toBe(SHARED_CACHE_CONTROL);
        expect(String(response.headers['content-security-policy'] ?? ''), url).not.toContain(
          'attacker.example',
        );
      }
    });
  });
});
