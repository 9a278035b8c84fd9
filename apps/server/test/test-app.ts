import type { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { openTestDatabase, type TestDatabase } from './databases';

export interface TestApp extends BuiltApp {
  database: TestDatabase;
}

/**
 * Builds the app against a fresh database for the current suite. `config` may be a function, read
 * when the suite starts: values another `beforeAll` sets up (an SMTP capture's URL) exist by then.
 */
export function useTestApp(
  kind: 'pglite' | 'postgres',
  config: Partial<Config> | (() => Partial<Config>) = {},
  { logStream }: { logStream?: Writable } = {},
) {
  const holder = {} as { current: TestApp };
  beforeAll(async () => {
    const database = await openTestDatabase(kind);
    const overrides = typeof config === 'function' ? config() : config;
    const built = await buildApp({
      config: testConfig(overrides),
      db: database.handle.db,
      ...(logStream ? { logStream } : {}),
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

/** The owner invites `member` by e-mail and the member accepts: the member joins the team. */
export async function addMember(
  app: BuiltApp['app'],
  { owner, slug, member }: { owner: Account; slug: string; member: Account },
): Promise<void> {
  await app.inject({
    method: 'POST',
    url: `/api/team/${slug}/members/invite`,
    headers: bearer(owner),
    payload: { email: member.email, role: 'member' },
  });
  const invites = await app.inject({
    method: 'GET',
    url: '/api/user/invites',
    headers: bearer(member),
  });
  const accepted = await app.inject({
    method: 'POST',
    url: '/api/user/invites/accept',
    headers: bearer(member),
    payload: { id: invites.json<{ invites: { id: number }[] }>().invites[0]!.id },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
}
