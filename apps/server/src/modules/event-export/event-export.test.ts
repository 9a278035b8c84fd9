import { randomUUID } from 'node:crypto';
import { EVENT_CSV_COLUMNS, EVENT_EXPORT_MESSAGES } from '@kindling/domain';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { funnelCampaign } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { EXPORT_PAGE_ROWS } from './export-events';

// Event export (issue 33): a campaign's raw events as NDJSON and CSV, equal to what collect
// stored, streamed page by page, for the team only.

describeEachDatabase('GET /campaign/events.ndjson and .csv', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  let owner: Account;
  let slug: string;
  let otherSlug: string;
  let campaignId: number;
  let otherCampaignId: number;
  let readKey: string;
  const now = Date.now() - 3_600_000;

  const create = async (team: string) => {
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/campaign/create`,
      headers: bearer(owner),
      payload: funnelCampaign('Export'),
    });
    return created.json<{ id: number }>().id;
  };
  const get = (url: string, headers: Record<string, string> = bearer(owner)) =>
    t.current.app.inject({ url: `/api/team/${slug}${url}`, headers });

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Export Team');
    otherSlug = await createTeam(t.current.app, owner, 'Other Export Team');
    campaignId = await create(slug);
    otherCampaignId = await create(otherSlug);
    const key = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/api-keys/create`,
      headers: bearer(owner),
      payload: { name: 'Warehouse' },
    });
    readKey = key.json<{ secret: string }>().secret;
    const campaign = (await get(`/campaign/by-id?id=${campaignId}`)).json<{
      elements: { id: number; variants: { id: number }[] }[];
      goals: { id: number }[];
    }>();
    const [headline, button] = campaign.elements;
    const base = (visitorId: string, ts: number) => ({
      id: randomUUID(),
      campaignId,
      visitorId,
      sessionId: `${visitorId}-s`,
      ts,
      url: 'https://shop.example.com/landing?utm_source=mail',
    });
    const events = [
      {
        ...base('v1', now),
        type: 'exposure',
        assignments: { [headline!.id]: headline!.variants[0]!.id, [button!.id]: 'control' },
        applied: { [headline!.id]: 12 },
        referrer: 'news.example.org',
        returning: false,
      },
      {
        ...base('v2', now + 1000),
        type: 'exposure',
        assignments: { [headline!.id]: 'control', [button!.id]: 'control' },
        applied: {},
      },
      { ...base('v1', now + 2000), type: 'goal', goalId: campaign.goals[0]!.id },
      { ...base('v1', now + 3000), type: 'revenue', amount: 19.99 },
    ];
    const collected = await t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ events }),
    });
    expect(collected.statusCode, collected.body).toBe(202);
  });

  const stored = async (id = campaignId) => {
    const { rows } = await sql<{
      id: string;
      type: string;
      visitorId: string;
      sessionId: string;
      ts: Date;
      receivedAt: Date;
      url: string;
      data: Record<string, unknown>;
    }>`
      select id, type, visitor_id as "visitorId", session_id as "sessionId", ts,
        received_at as "receivedAt", url, data
      from events where campaign_id = ${id} order by ts, id
    `.execute(t.current.services.db);
    return rows;
  };
  const lines = (body: string) =>
    body
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('answers the stored events as NDJSON, oldest first, one object a line', async () => {
    const response = await get(`/campaign/events.ndjson?id=${campaignId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="campaign-${campaignId}-events.ndjson"`,
    );
    const expected = (await stored()).map(({ ts, receivedAt, data, ...event }) => ({
      ...event,
      campaignId,
      ts: new Date(ts).toISOString(),
      receivedAt: new Date(receivedAt).toISOString(),
      ...data,
    }));
    expect(expected).toHaveLength(4);
    expect(lines(response.body)).toEqual(expected);
    expect(lines(response.body).map((event) => event.type)).toEqual([
      'exposure',
      'exposure',
      'goal',
      'revenue',
    ]);
  });

  it('answers the same events as CSV, with its header', async () => {
    const response = await get(`/campaign/events.csv?id=${campaignId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = response.body.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe(EVENT_CSV_COLUMNS.join(','));
    const events = await stored();
    expect(rows).toHaveLength(events.length + 1);
    const revenue = events.find((event) => event.type === 'revenue')!;
    expect(rows.at(-1)).toBe(
      [
        revenue.id,
        'revenue',
        campaignId,
        'v1',
        'v1-s',
        new Date(revenue.ts).toISOString(),
        new Date(revenue.receivedAt).toISOString(),
        'https://shop.example.com/landing?utm_source=mail',
        '',
        '19.99',
        '',
        '',
        '',
      ].join(','),
    );
    // JSON cells are quoted, their quotes doubled.
    expect(rows[1]).toContain('"{""');
  });

  it('keeps to [start, end)', async () => {
    const start = new Date(now + 1000).toISOString();
    const end = new Date(now + 3000).toISOString();
    const response = await get(
      `/campaign/events.ndjson?id=${campaignId}&start=${start}&end=${end}`,
    );
    expect(lines(response.body).map((event) => event.type)).toEqual(['exposure', 'goal']);
  });

  it('pages through events sharing a time, each once, in order', async () => {
    const total = EXPORT_PAGE_ROWS * 2 + 7;
    const paged = await create(slug);
    // Groups of five events in the same millisecond: pages end in the middle of a group.
    await sql`
      insert into events (id, campaign_id, type, visitor_id, session_id, ts, url, data)
      select gen_random_uuid(), ${paged}, 'goal', 'v' || n, 's' || n,
        ${new Date(now).toISOString()}::timestamptz + (n / 5) * interval '1 millisecond',
        'https://shop.example.com/landing', jsonb_build_object('goalId', n)
      from generate_series(1, ${total}) as n
    `.execute(t.current.services.db);
    const response = await get(`/campaign/events.ndjson?id=${paged}`);
    const exported = lines(response.body).map((event) => event.id as string);
    expect(exported).toHaveLength(total);
    expect(exported).toEqual((await stored(paged)).map((event) => event.id));
  });

  it('refuses a bad range with its message', async () => {
    const bad = await get(`/campaign/events.ndjson?id=${campaignId}&start=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(EVENT_EXPORT_MESSAGES.instant);
    const backwards = await get(
      `/campaign/events.csv?id=${campaignId}&start=2026-11-02T00:00:00Z&end=2026-11-01T00:00:00Z`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).message).toBe(EVENT_EXPORT_MESSAGES.order);
  });

  it("refuses another team's campaign and an unknown one", async () => {
    for (const id of [otherCampaignId, 999_999]) {
      const response = await get(`/campaign/events.ndjson?id=${id}`);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe('Campaign not found');
    }
    // The other team's own route answers its owner, but never this team's campaign.
    const cross = await t.current.app.inject({
      url: `/api/team/${otherSlug}/campaign/events.ndjson?id=${campaignId}`,
      headers: bearer(owner),
    });
    expect(cross.statusCode).toBe(404);
  });

  it('answers a read-only API key', async () => {
    const response = await get(`/campaign/events.ndjson?id=${campaignId}`, {
      authorization: `ApiKey ${readKey}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(lines(response.body)).toHaveLength(4);
  });
});
