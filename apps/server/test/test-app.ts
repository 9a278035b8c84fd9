import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type BuildOptions, type BuiltApp } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { openTestDatabase, type TestDatabase } from './databases';

export interface TestApp extends BuiltApp {
  database: TestDatabase;
}

/**
 * Builds the app against a fresh database for the current suite. `config` may be a function
 * for settings only known once other `beforeAll` hooks ran (a test SMTP server's port).
 */
export function useTestApp(
  kind: 'pglite' | 'postgres',
  config: Partial<Config> | (() => Partial<Config>) = {},
  options: Pick<BuildOptions, 'logStream'> = {},
) {
  const holder = {} as { current: TestApp };
  beforeAll(async () => {
    const database = await openTestDatabase(kind);
    const overrides = typeof config === 'function' ? config() : config;
    const built = await buildApp({
      config: testConfig(overrides),
      db: database.handle.db,
      ...options,
    });
    holder.current = { ...built, database };
  });
  afterAll(async () => {
    await holder.current.app.close();
    await holder.current.database.dispose();
  });
  return holder;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = 'correct-horse-9';

export interface Account {
  email: string;
  token: string;
  refreshToken: string;
  userId: number;
}

export async function signUp(app: BuiltApp['app'], realName = 'Ada Lovelace'): Promise<Account> {
  const email = uniqueEmail();
  const registered = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    payload: { email, password: PASSWORD, realName },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: PASSWORD },
  });
  const tokens = signedIn.json<{ accessToken: string; refreshToken: string }>();
  return {
    email,
    token: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    userId: registered.json<{ user: { id: number } }>().user.id,
  };
}

export async function createTeam(app: BuiltApp['app'], account: Account, name = 'Acme Growth') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: bearer(account),
    payload: { name },
  });
  if (response.statusCode !== 201) throw new Error(`team failed: ${response.body}`);
  return response.json<{ slug: string }>().slug;
}

export const bearer = (account: { token: string }) => ({
  authorization: `Bearer ${account.token}`,
});

export function errorOf(response: LightMyRequestResponse) {
  return response.json<{
    error: { code: string; message: string; fields?: Record<string, string> };
  }>().error;
}

/** A 400 that names `field` with `message`, the way every route reports bad input. */
export function expectFieldError(
  response: LightMyRequestResponse,
  field: string,
  message: string,
): void {
  expect(response.statusCode).toBe(400);
  expect(errorOf(response)).toMatchObject({
    code: 'VALIDATION',
    message,
    fields: { [field]: message },
  });
}

/** The owner invites `member` by e-mail and the member accepts: the member joins the team. */
/** Invites `member` and accepts with the invitation's link, as the invited person would. */
export async function addMember(
  app: BuiltApp['app'],
  {
    owner,
    slug,
    member,
    role = 'member',
  }: { owner: Account; slug: string; member: Account; role?: 'member' | 'viewer' | 'owner' },
): Promise<void> {
  const invited = await app.inject({
    method: 'POST',
    url: `/api/team/${slug}/members/invite`,
    headers: bearer(owner),
    payload: { email: member.email, role },
  });
  const token = new URL(invited.json<{ link: string }>().link).searchParams.get('token');
  const accepted = await app.inject({
    method: 'POST',
    url: '/api/invites/link/accept',
    headers: bearer(member),
    payload: { token },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
}

/** A team's campaign routes as one of its people; `team` is read at each call (set in beforeAll). */
export function campaignCalls(
  app: () => BuiltApp['app'],
  account: () => Account,
  team: () => string,
) {
  const headers = () => bearer(account());
  return {
    /** `POST /api/team/{team}/campaign{path}`. */
    post: (path: string, payload: object) =>
      app().inject({
        method: 'POST',
        url: `/api/team/${team()}/campaign${path}`,
        headers: headers(),
        payload,
      }),
    count: async () =>
      (
        await app().inject({ url: `/api/team/${team()}/campaign/by-team`, headers: headers() })
      ).json<object[]>().length,
    byId: async <T>(id: number) =>
      (
        await app().inject({
          url: `/api/team/${team()}/campaign/by-id?id=${id}`,
          headers: headers(),
        })
      ).json<T>(),
  };
}
