import { Writable } from 'node:stream';
import { INSTANCE_ADMIN_MESSAGES, PAGE_SIZE } from '@kindling/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  addMember,
  bearer,
  createTeam,
  errorOf,
  PASSWORD,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { markEmailVerified } from '../users/mark-email-verified';

const ADMIN_EMAIL = 'root@instance.example';
const UNVERIFIED_ADMIN_EMAIL = 'pending@instance.example';

interface LogLine {
  msg: string;
  audit?: string;
  outcome?: string;
  actor?: { id: number; email?: string };
  team?: string;
  flag?: string;
  enabled?: boolean;
  statusCode?: number;
  url?: string;
}

function logCapture() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  return { lines, stream, audit: () => lines.filter((line) => line.audit === 'instance-admin') };
}

interface TeamRow {
  slug: string;
  name: string;
  memberCount: number;
  featureFlags: string[];
  subscriptionState: string;
}
interface TeamPage {
  teams: TeamRow[];
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
}

describeEachDatabase('instance admin: feature flags of every team', (kind) => {
  const log = logCapture();
  const t = useTestApp(
    kind,
    { LOG_LEVEL: 'info', INSTANCE_ADMIN_EMAILS: [ADMIN_EMAIL, UNVERIFIED_ADMIN_EMAIL] },
    { logStream: log.stream },
  );
  let admin: Account;
  let unverified: Account;
  let owner: Account;
  let member: Account;
  let slug: string;

  async function register(email: string, verify: boolean): Promise<Account> {
    const app = t.current.app;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email, password: PASSWORD, realName: 'Instance Person' },
    });
    const userId = registered.json<{ user: { id: number } }>().user.id;
    if (verify) await markEmailVerified(t.current.services, { userId, email });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: PASSWORD },
    });
    const tokens = signedIn.json<{ accessToken: string; refreshToken: string }>();
    return { email, userId, token: tokens.accessToken, refreshToken: tokens.refreshToken };
  }

  const listTeams = (account: Account, query = '') =>
    t.current.app.inject({
      method: 'GET',
      url: `/api/instance-admin/teams${query}`,
      headers: bearer(account),
    });
  const setFlag = (account: Account, payload: object) =>
    t.current.app.inject({
      method: 'POST',
      url: '/api/instance-admin/feature-flags',
      headers: bearer(account),
      payload,
    });
  const flagsSeenBy = async (account: Account, team: string) =>
    (
      await t.current.app.inject({
        method: 'GET',
        url: `/api/user/by-session?team=${team}`,
        headers: bearer(account),
      })
    ).json<{ featureFlags: string[] }>().featureFlags;

  beforeAll(async () => {
    admin = await register(ADMIN_EMAIL, true);
    unverified = await register(UNVERIFIED_ADMIN_EMAIL, false);
    owner = await signUp(t.current.app, 'Olive Owner');
    member = await signUp(t.current.app, 'Max Member');
    slug = await createTeam(t.current.app, owner, 'Zebra Labs');
    await addMember(t.current.app, { owner, slug, member });
  });

  it('tells the web app who is an instance admin (verified and listed only)', async () => {
    const context = async (account: Account) =>
      (
        await t.current.app.inject({
          method: 'GET',
          url: '/api/user/by-session',
          headers: bearer(account),
        })
      ).json<{ isInstanceAdmin: boolean }>().isInstanceAdmin;
    expect(await context(admin)).toBe(true);
    expect(await context(unverified)).toBe(false);
    expect(await context(member)).toBe(false);
  });

  it('an admin turns a flag on for a team; its members see it in their user context', async () => {
    expect(await flagsSeenBy(member, slug)).toEqual([]);
    const response = await setFlag(admin, { team: slug, flag: 'view_variant', enabled: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ team: slug, featureFlags: ['view_variant'] });
    expect(await flagsSeenBy(member, slug)).toEqual(['view_variant']);
    expect(await flagsSeenBy(owner, slug)).toEqual(['view_variant']);

    // The owner's Labs switch still works on the same list, and the admin sees the result.
    const labs = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/feature-flags`,
      headers: bearer(owner),
      payload: { flag: 'calendar', enabled: true },
    });
    expect(labs.json()).toEqual({ featureFlags: ['calendar', 'view_variant'] });
    const listed = (await listTeams(admin, '?search=zebra')).json<TeamPage>();
    expect(listed.teams).toEqual([
      expect.objectContaining({
        slug,
        name: 'Zebra Labs',
        memberCount: 2,
        featureFlags: ['calendar', 'view_variant'],
        subscriptionState: 'none',
      }),
    ]);

    const off = await setFlag(admin, { team: slug, flag: 'calendar', enabled: false });
    expect(off.json()).toEqual({ team: slug, featureFlags: ['view_variant'] });
    expect(await flagsSeenBy(member, slug)).toEqual(['view_variant']);

    const change = log
      .audit()
      .find((line) => line.outcome === 'changed' && line.flag === 'view_variant');
    expect(change).toMatchObject({
      actor: { id: admin.userId, email: ADMIN_EMAIL },
      team: slug,
      enabled: true,
    });
  });

  it('refuses everyone else with 403 and a clear message, before reading their input', async () => {
    for (const account of [member, owner, unverified]) {
      for (const response of [
        await setFlag(account, { team: slug, flag: 'calendar', enabled: true }),
        await setFlag(account, { team: slug, flag: 'not-a-flag', enabled: 'yes' }),
        await listTeams(account),
        await listTeams(account, '?page=0'),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(errorOf(response)).toEqual({
          code: 'FORBIDDEN',
          message: INSTANCE_ADMIN_MESSAGES.forbidden,
        });
      }
    }
    expect(await flagsSeenBy(member, slug)).toEqual(['view_variant']);
    const refusals = log.audit().filter((line) => line.outcome === 'refused');
    expect(refusals.map((line) => line.actor?.id)).toEqual(
      expect.arrayContaining([member.userId, owner.userId, unverified.userId]),
    );
    const anonymous = await t.current.app.inject({
      method: 'GET',
      url: '/api/instance-admin/teams',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('unknown flag: 400; unknown team: 404; both with a message, nothing changes', async () => {
    const unknownFlag = await setFlag(admin, { team: slug, flag: 'dark_mode', enabled: true });
    expect(unknownFlag.statusCode).toBe(400);
    expect(errorOf(unknownFlag).message).toBe(INSTANCE_ADMIN_MESSAGES.unknownFlag);
    const notBoolean = await setFlag(admin, { team: slug, flag: 'calendar', enabled: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(errorOf(notBoolean).message).toBe('enabled must be true or false.');
    const unknownTeam = await setFlag(admin, {
      team: 'no-such-team',
      flag: 'calendar',
      enabled: true,
    });
    expect(unknownTeam.statusCode).toBe(404);
    expect(errorOf(unknownTeam)).toEqual({
      code: 'NOT_FOUND',
      message: INSTANCE_ADMIN_MESSAGES.teamNotFound,
    });
    expect(await flagsSeenBy(member, slug)).toEqual(['view_variant']);
    const badPage = await listTeams(admin, '?page=abc');
    expect(badPage.statusCode).toBe(400);
    expect(errorOf(badPage).message).toBe(INSTANCE_ADMIN_MESSAGES.page);
    // Every admin call is in the log with its answer, refusals of bad input included.
    const calls = log.audit().filter((line) => line.msg === 'instance admin call');
    expect(calls.map((line) => line.statusCode)).toEqual(expect.arrayContaining([400, 404, 200]));
  });

  it('pages 30 teams at a time and searches names and slugs (LIKE wildcards are literal)', async () => {
    const extra = PAGE_SIZE + 1;
    for (let index = 0; index < extra; index += 1) {
      await createTeam(t.current.app, owner, `Paging ${String(index).padStart(2, '0')}`);
    }
    const first = (await listTeams(admin, '?search=paging')).json<TeamPage>();
    expect(first).toMatchObject({ page: 1, pageSize: 30, totalItems: extra, totalPages: 2 });
    expect(first.teams).toHaveLength(30);
    expect(first.teams[0]?.name).toBe('Paging 00');
    const second = (await listTeams(admin, '?search=PAGING&page=2')).json<TeamPage>();
    expect(second.teams.map((team) => team.name)).toEqual(['Paging 30']);
    // Past the end: the last page.
    expect((await listTeams(admin, '?search=paging&page=9')).json<TeamPage>().page).toBe(2);
    expect((await listTeams(admin, `?search=${slug}`)).json<TeamPage>().teams).toHaveLength(1);
    expect((await listTeams(admin, '?search=%25')).json<TeamPage>().totalItems).toBe(0);
    const all = (await listTeams(admin)).json<TeamPage>();
    expect(all.totalItems).toBe(extra + 1);
  });
});

describe('feedback widget settings reach the browser only with a key', () => {
  const t = useTestApp('pglite', {
    JOB_WORKER: false,
    FEEDBACK_WIDGET_KEY: 'pk_feedback_123',
    FEEDBACK_WIDGET_SCRIPT_URL: 'https://widget.example/sdk.js',
    FEEDBACK_WIDGET_ORIGINS: ['https://*.widget.example'],
  });

  it('gives the key and script in the client config and lets the page load it', async () => {
    const response = await t.current.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.json<{ feedback: unknown }>().feedback).toEqual({
      key: 'pk_feedback_123',
      scriptUrl: 'https://widget.example/sdk.js',
    });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://widget.example https://*.widget.example;");
    expect(csp).toContain("frame-src 'self' https://widget.example https://*.widget.example;");
  });
});

describe('feedback widget without a key', () => {
  const t = useTestApp('pglite', { JOB_WORKER: false });

  it('says nothing of a widget and keeps scripts to this origin', async () => {
    const response = await t.current.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.json<{ feedback: unknown }>().feedback).toBeNull();
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
  });
});
