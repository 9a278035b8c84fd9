import { GUEST_MESSAGES, GUEST_SESSION_SECONDS, type CampaignSummary } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { TEAM_PREFIX } from '../../http/team-scope';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { GUEST_EMAIL } from '../users/ensure-guest-account';
import { expectEveryWriteRefused } from '../../../test/write-routes';

interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

describeEachDatabase('guest access is off by default', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });

  it('answers 404 to a guest sign-in and makes nothing', async () => {
    const offered = await t.current.app.inject({ method: 'GET', url: '/api/auth/guest' });
    expect(offered.statusCode).toBe(404);
    const response = await t.current.app.inject({ method: 'POST', url: '/api/auth/guest' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe(GUEST_MESSAGES.unavailable);
    const guests = await t.current.services.db
      .selectFrom('users')
      .select('id')
      .where('isGuest', '=', true)
      .execute();
    expect(guests).toEqual([]);
  });
});

describeEachDatabase('guest access (GUEST_ACCESS=true)', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false, GUEST_ACCESS: true });
  let guest: Tokens;
  let slug: string;
  let owner: Account;
  let ownerSlug: string;

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const startGuest = async () => {
    const response = await t.current.app.inject({ method: 'POST', url: '/api/auth/guest' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Tokens>();
  };
  const get = (url: string, token = guest.accessToken) =>
    t.current.app.inject({ method: 'GET', url, headers: as(token) });

  it('starts a short guest session in a demo team holding the demo campaign', async () => {
    const offered = await t.current.app.inject({ method: 'GET', url: '/api/auth/guest' });
    expect(offered.json()).toEqual({ enabled: true });
    guest = await startGuest();
    const context = await get('/api/user/by-session');
    expect(context.statusCode, context.body).toBe(200);
    const { user, teams } = context.json<{
      user: { isGuest: boolean; emailVerified: boolean };
      teams: { slug: string; name: string }[];
    }>();
    expect(user).toMatchObject({ isGuest: true, emailVerified: true });
    expect(teams).toHaveLength(1);
    slug = teams[0]!.slug;
    const list = await get(`/api/team/${slug}/campaign/by-team`);
    expect(list.json<CampaignSummary[]>().map((row) => row.isDemo)).toEqual([true]);

    const session = await t.current.services.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select(['sessions.expiresAt', 'sessions.createdAt'])
      .where('users.isGuest', '=', true)
      .executeTakeFirstOrThrow();
    const seconds = (session.expiresAt.getTime() - session.createdAt.getTime()) / 1000;
    expect(Math.abs(seconds - GUEST_SESSION_SECONDS)).toBeLessThan(5);
  });

  it('gives the next guest the same team, with still one demo campaign', async () => {
    const [second, third] = await Promise.all([startGuest(), startGuest()]);
    for (const tokens of [second, third]) {
      const teams = (await get('/api/user/by-session', tokens.accessToken)).json<{
        teams: { slug: string }[];
      }>().teams;
      expect(teams.map((team) => team.slug)).toEqual([slug]);
    }
    expect((await get(`/api/team/${slug}/campaign/by-team`)).json<unknown[]>()).toHaveLength(1);
  });

  it('lets a guest read: campaign, results and account (positive control)', async () => {
    const [campaign] = (await get(`/api/team/${slug}/campaign/by-team`)).json<CampaignSummary[]>();
    expect((await get(`/api/team/${slug}/campaign/by-id?id=${campaign!.id}`)).statusCode).toBe(200);
    expect((await get(`/api/team/${slug}`)).statusCode).toBe(200);
    const stats = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/stats`,
      headers: as(guest.accessToken),
      payload: {
        id: campaign!.id,
        range: { start: '1999-12-02T00:00:00Z', end: '2000-01-01T00:00:00Z' },
        timezone: 'UTC',
        granularity: 'day',
      },
    });
    expect(stats.statusCode, stats.body).toBe(200);
  });

  it('refuses every write route of the live route table with 403, changing nothing', async () => {
    const writes = await expectEveryWriteRefused(t.current, {
      slug,
      headers: as(guest.accessToken),
      message: GUEST_MESSAGES.readOnly,
    });
    // The GETs that change something are writes too.
    expect(writes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        `GET ${TEAM_PREFIX}/campaign/update-enabled`,
        `GET ${TEAM_PREFIX}/campaign/update-variant-enabled`,
        `GET ${TEAM_PREFIX}/campaign/delete-variant`,
        `GET ${TEAM_PREFIX}/campaign/screenshot`,
        `GET ${TEAM_PREFIX}/campaign/is-image`,
        `GET ${TEAM_PREFIX}/campaign/log-preview-error`,
        'POST /api/teams',
        'POST /api/user/save',
        `POST ${TEAM_PREFIX}/campaign/demo`,
        `POST ${TEAM_PREFIX}/intro-survey/save`,
        `POST ${TEAM_PREFIX}/intro-survey/dismiss`,
        `DELETE ${TEAM_PREFIX}/campaign/delete`,
      ]),
    );
  });

  it('lets a signed-up user write as before (positive control)', async () => {
    owner = await signUp(t.current.app);
    ownerSlug = await createTeam(t.current.app, owner, 'Real Team');
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${ownerSlug}/campaign/demo`,
      headers: bearer(owner),
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('answers 404 to a guest on a real team, reads and writes alike', async () => {
    for (const [method, path] of [
      ['GET', '/campaign/by-team'],
      ['GET', ''],
      ['POST', '/campaign/demo'],
      ['DELETE', '/campaign/delete?id=1'],
    ] as const) {
      const response = await t.current.app.inject({
        method,
        url: `/api/team/${ownerSlug}${path}`,
        headers: as(guest.accessToken),
      });
      expect({ method, path, status: response.statusCode }).toEqual({ method, path, status: 404 });
    }
  });

  it('keeps the guest role through a refresh', async () => {
    const refreshed = await t.current.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: guest.refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    guest = refreshed.json<Tokens>();
    const write = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/demo`,
      headers: as(guest.accessToken),
    });
    expect(write.statusCode).toBe(403);
    expect((await get(`/api/team/${slug}/campaign/by-team`)).statusCode).toBe(200);
  });

  it('never signs the guest account in with a password', async () => {
    const response = await t.current.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: GUEST_EMAIL, password: 'anything-at-all' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an expired guest session', async () => {
    expect((await get(`/api/team/${slug}/campaign/by-team`)).statusCode).toBe(200);
    await t.current.services.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', 'in', (eb) =>
        eb.selectFrom('users').select('users.id').where('users.isGuest', '=', true),
      )
      .execute();
    expect((await get(`/api/team/${slug}/campaign/by-team`)).statusCode).toBe(401);
    expect((await get('/api/user/by-session')).statusCode).toBe(401);
    const refreshed = await t.current.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: guest.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
  });
});

describe('the guest session length', () => {
  it('is two hours', () => {
    expect(GUEST_SESSION_SECONDS).toBe(2 * 60 * 60);
  });
});
