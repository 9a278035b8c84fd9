import { AUDIT_CSV_COLUMNS, AUDIT_PAGE_SIZE, type AuditAnswer } from '@kindling/domain';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { pruneBefore, retentionCutoff } from '../../../src/db/retention';
import { describeEachDatabase } from '../../../test/databases';
import { addMember, bearer, createTeam, signUp, useTestApp } from '../../../test/test-app';
import type { Account } from '../../../test/test-app';
import { dangerousDeleteAuditRowsBefore } from './repo';

// Issue 33, the audit log: a row per changed row, written by the trigger in the change's own
// transaction, naming the person, the API key or the system; read newest first with filters
// and as CSV, by owners only; pruned past its retention.

describeEachDatabase('the audit log', (kind) => {
  const t = useTestApp(kind);
  let owner: Account;
  let member: Account;
  let team: string;
  let campaignId: number;

  const call = (
    account: { token: string } | string,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) =>
    t.current.app.inject({
      method,
      url: `/api/team/${team}${url}`,
      headers:
        typeof account === 'string' ? { authorization: `ApiKey ${account}` } : bearer(account),
      ...(payload ? { payload } : {}),
    });
  const log = async (query = '') => {
    const answer = await call(owner, 'GET', `/audit-log${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<AuditAnswer>();
  };
  const countRows = async () =>
    Number(
      (
        await t.current.services.db
          .selectFrom('auditLog')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const campaign = (name: string) => ({
    name,
    ingestedUrl: 'https://shop.example.com/audit',
    elements: [
      {
        id: -1,
        key: 'h1',
        selector: 'h1',
        type: 'text',
        control: { info: { value: 'Original' } },
        variants: [{ id: -2, key: 'v1', type: 'text', isEnabled: true, info: { value: 'New' } }],
      },
    ],
    goals: [],
  });

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Audra Audit');
    member = await signUp(t.current.app, 'Mel Member');
    team = await createTeam(t.current.app, owner, 'Audited Team');
    await addMember(t.current.app, { owner, slug: team, member });
    const created = await call(owner, 'POST', '/campaign/create', campaign('Spring hero'));
    expect(created.statusCode, created.body).toBe(201);
    campaignId = created.json<{ id: number }>().id;
  });

  it('records a creation row by row, with the person, the route and the request', async () => {
    const { entries } = await log(`?campaignId=${campaignId}`);
    const ofCampaign = entries.filter((entry) => entry.route?.endsWith('/campaign/create'));
    expect(new Set(ofCampaign.map((entry) => entry.entity))).toEqual(
      new Set(['campaigns', 'campaign_elements', 'variants']),
    );
    const row = ofCampaign.find((entry) => entry.entity === 'campaigns')!;
    expect(row).toMatchObject({
      action: 'insert',
      entityId: String(campaignId),
      campaignId,
      actor: { type: 'user', id: owner.userId, label: owner.email },
      route: 'POST /api/team/:team/campaign/create',
      before: null,
      after: expect.objectContaining({ name: 'Spring hero' }),
    });
    expect(row.changed).toContain('name');
    // One request: one id on each of its rows.
    expect(new Set(ofCampaign.map((entry) => entry.requestId)).size).toBe(1);
  });

  it('records what a save changed, before and after, and nothing for a save that changes nothing', async () => {
    const loaded = await call(owner, 'GET', `/campaign/by-id?id=${campaignId}`);
    const body = loaded.json<Record<string, unknown>>();
    const saved = await call(owner, 'POST', '/campaign/save', { ...body, name: 'Summer hero' });
    expect(saved.statusCode, saved.body).toBe(200);
    const [latest] = (await log('?entity=campaigns')).entries;
    expect(latest).toMatchObject({
      action: 'update',
      changed: ['name'],
      before: expect.objectContaining({ name: 'Spring hero' }),
      after: expect.objectContaining({ name: 'Summer hero' }),
    });
    // The same switch again: the row is written as it was, and nothing is recorded.
    const rows = await countRows();
    const { isEnabled } = body as { isEnabled: boolean };
    const again = await call(
      owner,
      'GET',
      `/campaign/update-enabled?id=${campaignId}&isEnabled=${isEnabled}`,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await countRows()).toBe(rows);
  });

  it('names an API key by its name, and the system outside any request', async () => {
    const key = await call(owner, 'POST', '/api-keys/create', {
      name: 'Deploy bot',
      scope: 'write',
    });
    const { secret, apiKey } = key.json<{ secret: string; apiKey: { id: number } }>();
    const [created] = (await log('?entity=team_api_keys')).entries;
    // The secret's hash is never in the log.
    expect(created!.after).not.toHaveProperty('keyHash');
    expect(created!.after).toMatchObject({ name: 'Deploy bot' });
    const loaded = await call(secret, 'GET', `/campaign/by-id?id=${campaignId}`);
    const renamed = await call(secret, 'POST', '/campaign/save', {
      ...loaded.json<Record<string, unknown>>(),
      name: 'Autumn hero',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [byKey] = (await log('?entity=campaigns')).entries;
    expect(byKey).toMatchObject({
      actor: { type: 'api_key', id: apiKey.id, label: 'Deploy bot' },
      changed: ['name'],
    });
    expect((await log(`?actor=api_key:${apiKey.id}`)).entries).toHaveLength(1);

    // A job's write (no request) on the connection the key's request used last.
    await t.current.services.db
      .updateTable('campaigns')
      .set({ name: 'Winter hero' })
      .where('id', '=', campaignId)
      .execute();
    const [bySystem] = (await log('?entity=campaigns')).entries;
    expect(bySystem).toMatchObject({ actor: { type: 'system', id: null, label: null } });
    expect(bySystem!.route).toBeNull();
  });

  it('leaves no row for a write that fails or is refused', async () => {
    const rows = await countRows();
    await expect(
      t.current.services.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('campaigns')
          .set({ name: 'Never' })
          .where('id', '=', campaignId)
          .execute();
        throw new Error('the write fails after its first statement');
      }),
    ).rejects.toThrow('the write fails');
    const refused = await call(owner, 'POST', '/campaign/create', { ...campaign(''), name: '' });
    expect(refused.statusCode).toBe(400);
    expect(await countRows()).toBe(rows);
  });

  it('filters by entity, person, campaign and time, and pages newest first', async () => {
    for (let i = 0; i < 3; i += 1) {
      await call(owner, 'POST', '/campaign/create', campaign(`Filler ${i}`));
    }
    const all = await log();
    expect(all.entries.length).toBe(
      AUDIT_PAGE_SIZE > (await countRows()) ? await countRows() : AUDIT_PAGE_SIZE,
    );
    const ids = all.entries.map((entry) => BigInt(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    const people = await log(`?actor=user:${owner.userId}&entity=variants`);
    expect(people.entries.length).toBeGreaterThan(0);
    expect(
      people.entries.every((e) => e.entity === 'variants' && e.actor.id === owner.userId),
    ).toBe(true);
    const future = await log(
      `?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(future.entries).toEqual([]);
    const bad = await call(owner, 'GET', '/audit-log?entity=users');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('entity is one of:');
    const order = await call(
      owner,
      'GET',
      '/audit-log?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
    );
    expect(order.body).toContain('from must be before to');
  });

  it('pages with next, without overlap', async () => {
    while ((await countRows()) <= AUDIT_PAGE_SIZE) {
      await call(owner, 'POST', '/campaign/create', campaign('More rows'));
    }
    const first = await log();
    expect(first.next).not.toBeNull();
    const second = await log(`?before=${first.next}`);
    const firstIds = new Set(first.entries.map((e) => e.id));
    expect(second.entries.length).toBeGreaterThan(0);
    expect(second.entries.some((e) => firstIds.has(e.id))).toBe(false);
    expect(BigInt(second.entries[0]!.id)).toBeLessThan(BigInt(first.next!));
  });

  it('exports CSV with the filters, and is for owners only', async () => {
    const csv = await call(owner, 'GET', '/audit-log.csv?entity=campaigns');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines.length).toBe((await log('?entity=campaigns')).entries.length + 1);
    expect(lines.slice(1).every((line) => line.includes(',campaigns,'))).toBe(true);
    for (const url of ['/audit-log', '/audit-log.csv']) {
      const refused = await call(member, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).toContain('Only a team owner can do this.');
    }
  });

  it('deletes rows past the retention, and keeps the rest', async () => {
    const [recent] = (await log()).entries;
    const old = new Date(Date.now() - 401 * 86_400_000);
    await sql`update audit_log set at = ${old} where id = ${recent!.id}`.execute(
      t.current.services.db,
    );
    const rows = await countRows();
    const deleted = await pruneBefore(
      (batch) => dangerousDeleteAuditRowsBefore(t.current.services.db, batch),
      { before: retentionCutoff(400) },
    );
    expect(deleted).toBe(1);
    expect(await countRows()).toBe(rows - 1);
    expect(t.current.services.config.AUDIT_RETENTION_DAYS).toBe(400);
  });
});
