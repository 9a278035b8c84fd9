import { beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  closeCodeOf,
  connect,
  follow,
  listenForRealtime,
  teamJobChannels,
} from '../../../test/realtime-helpers';
import {
  addMember,
  bearer,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import type { MemoryBus } from '../../realtime/memory-bus';
import { hashApiKey } from './key-secret';

const FORBIDDEN = 4403;

interface ApiKey {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

describeEachDatabase('team API keys', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let member: Account;
  let team: Awaited<ReturnType<typeof teamJobChannels>>;

  const call = (
    account: Account,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    payload?: object,
  ) =>
    t.current.app.inject({
      method,
      url: `/api/team/${team.slug}${path}`,
      headers: bearer(account),
      ...(payload ? { payload } : {}),
    });

  const create = async (name: string) => {
    const response = await call(owner, 'POST', '/api-keys/create', { name });
    expect(response.statusCode).toBe(201);
    return response.json<{ apiKey: ApiKey; secret: string }>();
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Owner');
    member = await signUp(t.current.app, 'Member');
    team = await teamJobChannels(t.current, owner);
    await addMember(t.current.app, { owner, slug: team.slug, member });
  });

  it('creates a key, shows the secret once and stores only its hash', async () => {
    const { apiKey, secret } = await create('  CI deploys  ');
    expect(secret).toMatch(new RegExp(`^kk_${apiKey.prefix}[A-Za-z0-9_-]{30,}$`));
    expect(apiKey).toEqual({
      id: expect.any(Number) as unknown,
      name: 'CI deploys',
      prefix: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/) as unknown,
      scope: 'read',
      createdAt: expect.any(String) as unknown,
      lastUsedAt: null,
    });

    const listed = await call(member, 'GET', '/api-keys');
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ apiKeys: ApiKey[] }>().apiKeys).toContainEqual(apiKey);
    expect(listed.body).not.toContain(secret);

    const row = await t.current.services.db
      .selectFrom('teamApiKeys')
      .selectAll()
      .where('id', '=', apiKey.id)
      .executeTakeFirstOrThrow();
    expect(row.keyHash).toBe(hashApiKey(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('revokes a key: it leaves the list, and a second revoke is 404', async () => {
    const { apiKey } = await create('Short-lived');
    const revoked = await call(owner, 'DELETE', `/api-keys/revoke?id=${apiKey.id}`);
    expect(revoked.statusCode).toBe(204);
    const listed = await call(owner, 'GET', '/api-keys');
    expect(listed.json<{ apiKeys: ApiKey[] }>().apiKeys.map((key) => key.id)).not.toContain(
      apiKey.id,
    );
    const again = await call(owner, 'DELETE', `/api-keys/revoke?id=${apiKey.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses a member (not an owner) creating or revoking keys; the owner may (positive control)', async () => {
    const { apiKey } = await create('Owner made');
    const created = await call(member, 'POST', '/api-keys/create', { name: 'Sneaky' });
    expect(created.statusCode).toBe(403);
    const revoked = await call(member, 'DELETE', `/api-keys/revoke?id=${apiKey.id}`);
    expect(revoked.statusCode).toBe(403);
    const listed = await call(owner, 'GET', '/api-keys');
    const names = listed.json<{ apiKeys: ApiKey[] }>().apiKeys.map((key) => key.name);
    expect(names).toContain('Owner made');
    expect(names).not.toContain('Sneaky');
  });

  it.each([
    ['an empty name', ''],
    ['only spaces', '   '],
    ['a name over 60 characters', 'k'.repeat(61)],
  ])('refuses %s with "Please enter a name for the key"', async (_label, name) => {
    const response = await call(owner, 'POST', '/api-keys/create', { name });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(response))).toContain('Please enter a name for the key');
  });

  describe('authenticates the real-time channel', () => {
    let url: string;
    beforeAll(async () => {
      url = await listenForRealtime(t.current.app);
    });

    it('delivers a message on a job of the key’s team and records the key’s use', async () => {
      const { apiKey, secret } = await create('Realtime');
      const client = connect(url, { authorization: `ApiKey ${secret}` });
      const name = await team.newJob();
      const follower = follow(client, name);
      const bus = t.current.services.bus as MemoryBus;
      await vi.waitFor(() => expect(bus.subscriberCount(name)).toBe(1), {
        interval: 5,
        timeout: 10_000,
      });
      await bus.publish(name, { type: 'progress', data: 10 });
      await vi.waitFor(
        () =>
          expect(follower.messages()).toEqual([{ name, data: '{"type":"progress","data":10}' }]),
        { interval: 5, timeout: 10_000 },
      );
      await client.dispose();
      const listed = await call(owner, 'GET', '/api-keys');
      const used = listed.json<{ apiKeys: ApiKey[] }>().apiKeys.find((key) => key.id === apiKey.id);
      expect(used?.lastUsedAt).toEqual(expect.any(String));
    });

    async function expectRefused(authorization: string) {
      const client = connect(url, { authorization });
      const { error } = await follow(client, await team.newJob()).ended;
      expect(closeCodeOf(error)).toBe(FORBIDDEN);
      await client.dispose();
    }

    it('refuses a revoked key (4403)', async () => {
      const { apiKey, secret } = await create('Revoked');
      await call(owner, 'DELETE', `/api-keys/revoke?id=${apiKey.id}`);
      await expectRefused(`ApiKey ${secret}`);
    });

    it('refuses a garbage key (4403)', () => expectRefused('ApiKey kk_not-a-real-key'));

    it('refuses a job of another team with "Channel not found"; its own team’s job is followed', async () => {
      const { secret } = await create('Team A');
      const other = await teamJobChannels(t.current, await signUp(t.current.app));
      const client = connect(url, { authorization: `ApiKey ${secret}` });
      const foreign = follow(client, await other.newJob());
      expect(await foreign.ended).toEqual({});
      expect(foreign.results).toEqual([
        { errors: [expect.objectContaining({ message: 'Channel not found' }) as unknown] },
      ]);

      const own = await team.newJob();
      follow(client, own);
      const bus = t.current.services.bus as MemoryBus;
      await vi.waitFor(() => expect(bus.subscriberCount(own)).toBe(1), {
        interval: 5,
        timeout: 10_000,
      });
      await client.dispose();
    });
  });
});
