import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { funnelCampaign } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, createTeam, signUp, useTestApp, type Account } from '../../../test/test-app';
import { createAutomatedVisits } from './automated-visits';

const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/143.0 Safari';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';

describe('automated visits, in memory', () => {
  it('adds events per campaign and forgets the one heard from longest ago past its size', () => {
    const visits = createAutomatedVisits(2);
    visits.record([1, 1, 2], 1000);
    visits.record([3], 2000);
    expect(visits.of([1])).toEqual({ events: 0, lastAt: null });
    expect(visits.of([2, 3])).toEqual({ events: 2, lastAt: new Date(2000).toISOString() });
  });
});

describeEachDatabase('Check installation with only automated visits', (kind) => {
  const t = useTestApp(kind);
  let owner: Account;
  let slug: string;
  let campaignId: number;

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Headless Team');
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: funnelCampaign('Headless'),
    });
    campaignId = created.json<{ id: number }>().id;
  });

  const collect = (userAgent: string) =>
    t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'user-agent': userAgent, 'content-type': 'application/json' },
      payload: JSON.stringify({
        events: [
          {
            id: randomUUID(),
            type: 'exposure',
            campaignId,
            visitorId: 'robot',
            sessionId: 'robot-s1',
            ts: Date.now(),
            url: 'https://shop.example.com/landing',
            assignments: {},
          },
        ],
      }),
    });
  const status = async () =>
    (
      await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${slug}/tracker/status?campaignId=${campaignId}`,
        headers: bearer(owner),
      })
    ).json<{ seen: boolean; automatedEvents: number; lastAutomatedAt: string | null }>();

  it('says a headless visit arrived and was not counted, and stores nothing', async () => {
    expect(await status()).toMatchObject({ seen: false, automatedEvents: 0 });
    expect((await collect(HEADLESS)).json()).toEqual({ accepted: 0, duplicates: 0 });
    const after = await status();
    expect(after).toMatchObject({ seen: false, automatedEvents: 1 });
    expect(Date.parse(after.lastAutomatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const stored = await t.current.services.db
      .selectFrom('events')
      .select('id')
      .where('campaignId', '=', campaignId)
      .execute();
    expect(stored).toEqual([]);
    // A control: the same request from a browser is a visit.
    expect((await collect(BROWSER)).statusCode).toBe(202);
  });
});
