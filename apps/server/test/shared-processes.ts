import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/database';
import { TEST_DATABASE_URL, untilDisconnected } from './databases';
import { startServerProcess, type ServerProcess } from './server-process';
import { PASSWORD, uniqueEmail } from './test-app';

/** A server process that answered /api/health, or an error carrying its output (and none left running). */
export async function startHealthyServer(
  env: Record<string, string>,
  options?: Parameters<typeof startServerProcess>[1],
): Promise<ServerProcess> {
  const server = await startServerProcess(env, options);
  if (server.healthy) return server;
  // One that never answered may still be running: it must not outlive the test.
  server.child.kill('SIGKILL');
  await server.exited;
  throw new Error(`server process did not start:\n${server.output()}`);
}

/**
 * A fresh PostgreSQL database several processes share, migrated before they start (as a deploy
 * would) unless `migrated` is false: then the first processes migrate it, all at once.
 */
export async function createSharedDatabase({
  migrated = true,
}: { migrated?: boolean } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = `kindling_rt_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 2000,
  });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  if (migrated) await (await openDatabase({ kind: 'postgres', url: url.toString() })).close();
  return {
    url: url.toString(),
    async drop() {
      await untilDisconnected(admin, name);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export const postJson = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

/** Registers a new user through the process and answers their access token. */
export async function signUpOver(server: ServerProcess): Promise<string> {
  const email = uniqueEmail('realtime');
  const registered = await postJson(`${server.url}/api/user/register`, {
    email,
    password: PASSWORD,
    realName: 'Rt',
  });
  if (registered.status !== 201) throw new Error(`register failed: ${await registered.text()}`);
  const signedIn = await postJson(`${server.url}/api/auth/sign-in`, { email, password: PASSWORD });
  return ((await signedIn.json()) as { accessToken: string }).accessToken;
}

/** A new team of the signed-in user, created through the process; answers its slug. */
export async function createTeamOver(server: ServerProcess, token: string): Promise<string> {
  const created = await postJson(`${server.url}/api/teams`, { name: 'Realtime Team' }, token);
  if (created.status !== 201) throw new Error(`team failed: ${await created.text()}`);
  return ((await created.json()) as { slug: string }).slug;
}
