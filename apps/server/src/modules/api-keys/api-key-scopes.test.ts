import { API_KEY_MESSAGES } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { clickGoal, textElement } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { snapshotTables } from '../../../test/table-snapshot';
import { expectEveryWriteRefused, WRITTEN_TABLES } from '../../../test/write-routes';
import {
  addMember,
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

// Issue 35, API keys that read: a key acts on its own team as a member with its scope, `read`
// (every route that reads) or `write` (also the routes that change things), never as a person.

describeEachDatabase('API key scopes', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let team: string;
  let otherTeam: string;
  let readKey: string;
  let writeKey: string;
  let campaignId: number;

  const withKey = (
    secret: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.current.app.inject({
      method,
      url: `/api/team/${team}${url}`,
      headers: { authorization: `ApiKey ${secret}` },
      ...(payload ? { payload } : {}),
    });
  const createKey = async (name: string, scope?: string) => {
    const response = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/api-keys/create`,
      headers: bearer(owner),
      payload: { name, ...(scope === undefined ? {} : { scope }) },
    });
    return response;
  };
  const campaignBody = (name: string) => ({
    name,
    ingestedUrl: 'shop.example.com/landing',
    elements: [textElement(-1, 'h1', ['Half price'])],
    goals: [clickGoal(-20, 'purchase')],
  });

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Kira Keys');
    team = await createTeam(t.current.app, owner, 'Key Team');
    otherTeam = await createTeam(t.current.app, owner, 'Other Key Team');
    const read = await createKey('Dashboard');
    expect(read.statusCode, read.body).toBe(201);
    expect(read.json<{ apiKey: { scope: string } }>().apiKey.scope).toBe('read');
    readKey = read.json<{ secret: string }>().secret;
    const write = await createKey('Automation', 'write');
    expect(write.json<{ apiKey: { scope: string } }>().apiKey.scope).toBe('write');
    writeKey = write.json<{ secret: string }>().secret;
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/campaign/create`,
      headers: bearer(owner),
      payload: campaignBody('Read me'),
    });
    campaignId = created.json<{ id: number }>().id;
  });

  it('refuses a scope that is neither read nor write, creating nothing', async () => {
    const before = await snapshotTables(t.current.services.db, ['teamApiKeys']);
    const response = await createKey('Odd', 'admin');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ scope: API_KEY_MESSAGES.scope });
    expect(await snapshotTables(t.current.services.db, ['teamApiKeys'])).toEqual(before);
  });

  it('reads campaigns and their statistics with a read key', async () => {
    const list = await withKey(readKey, 'GET', '/campaign/by-team');
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json())).toContain('Read me');
    const stats = await withKey(readKey, 'POST', '/campaign/stats', {
      id: campaignId,
      range: { start: '2026-11-01T00:00:00Z', end: '2026-11-30T00:00:00Z' },
      timezone: 'UTC',
      granularity: 'day',
    });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json<{ id: number }>().id).toBe(campaignId);
  });

  it('refuses every write route of the live route table to a read key, changing nothing', async () => {
    const keys = () =>
      t.current.services.db.selectFrom('teamApiKeys').select(['id', 'revokedAt']).execute();
    const keysBefore = await keys();
    await expectEveryWriteRefused(t.current, {
      slug: team,
      headers: { authorization: `ApiKey ${readKey}` },
      message: API_KEY_MESSAGES.readOnly,
      teamOnly: true,
      id: campaignId,
      // The read key's use is recorded (lastUsedAt): its table is checked apart.
      tables: WRITTEN_TABLES.filter((table) => table !== 'teamApiKeys'),
    });
    expect(await keys()).toEqual(keysBefore);
  });

  it('writes with a write key, never as a person, and only on its own team', async () => {
    const created = await withKey(writeKey, 'POST', '/campaign/create', campaignBody('By a key'));
    expect(created.statusCode, created.body).toBe(201);
    // Owner-only and person-only routes: a key is neither.
    const newKey = await withKey(writeKey, 'POST', '/api-keys/create', { name: 'More' });
    expect(newKey.statusCode).toBe(403);
    const notifications = await withKey(writeKey, 'GET', '/notifications');
    expect(notifications.statusCode).toBe(403);
    expect(errorOf(notifications).message).toBe(API_KEY_MESSAGES.needsMember);

    const foreign = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${otherTeam}/campaign/by-team`,
      headers: { authorization: `ApiKey ${writeKey}` },
    });
    expect(foreign.statusCode).toBe(404);
    const garbage = await withKey('kk_not-a-real-key', 'GET', '/campaign/by-team');
    expect(garbage.statusCode).toBe(401);
  });

  it('refuses a revoked key', async () => {
    const made = await createKey('Short-lived');
    const { apiKey, secret } = made.json<{ apiKey: { id: number }; secret: string }>();
    expect((await withKey(secret, 'GET', '/campaign/by-team')).statusCode).toBe(200);
    const revoked = await t.current.app.inject({
      method: 'DELETE',
      url: `/api/team/${team}/api-keys/revoke?id=${apiKey.id}`,
      headers: bearer(owner),
    });
    expect(revoked.statusCode).toBe(204);
    expect((await withKey(secret, 'GET', '/campaign/by-team')).statusCode).toBe(401);
  });

  it('lets a member read and write as before (positive control)', async () => {
    const member = await signUp(t.current.app, 'Mia Member');
    await addMember(t.current.app, { owner, slug: team, member });
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/campaign/create`,
      headers: bearer(member),
      payload: campaignBody('By a member'),
    });
    expect(created.statusCode, created.body).toBe(201);
  });
});
