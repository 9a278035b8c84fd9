import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_END_MESSAGES,
  type Campaign,
  type EndChoices,
  type NotificationList,
} from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { funnelCampaign } from '../../../test/campaign-parts';
import { createStatsCampaign, insertRollups, type StatsFixture } from '../../../test/stats-fixture';
import { bearer, errorOf, useTestApp } from '../../../test/test-app';
import { notifyTeam } from '../notifications/notify-team';
import { remindRollouts } from './remind-rollouts';

// Ending a test (issue 35) on both databases: the rollout the tracker serves, its views counted
// apart while the results stay as they were, the read-only rules, archiving and the 30-day
// reminder, each refusal with its message and nothing changed.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describeEachDatabase('ending a test', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false, COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  let f: StatsFixture;
  const hour = new Date(Math.floor(Date.now() / HOUR) * HOUR).toISOString();

  const call = (method: 'GET' | 'POST', path: string, payload?: object, who = f) =>
    t.current.app.inject({
      method,
      url: `/api/team/${who.slug}${path}`,
      headers: bearer(who.owner),
      ...(payload ? { payload } : {}),
    });
  const read = async (id = f.campaignId) =>
    (await call('GET', `/campaign/by-id?id=${id}`)).json<Campaign>();
  const served = async () =>
    (
      await t.current.app.inject({ method: 'GET', url: `/api/tracker/${f.slug}/config.json` })
    ).json<{ campaigns: { id: number; trafficAllocation: number; elements: unknown[] }[] }>()
      .campaigns;
  const refused = (response: Awaited<ReturnType<typeof call>>, status: number, message: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(errorOf(response).message).toBe(message);
  };
  const exposures = async () => {
    const row = await t.current.services.db
      .selectFrom('rollupsHourly')
      .select((eb) => eb.fn.sum<string>('exposures').as('n'))
      .where('campaignId', '=', f.campaignId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  beforeAll(async () => {
    f = await createStatsCampaign(t.current.app, 'Headline test');
    // A clear winner on the headline (Variant 1: 20% against 10%), none on the button.
    const arm = (elementId: number, a: number, visitors: number, converted: number) => [
      { hour, elementId, arm: a, exposures: visitors, visitors, sessions: visitors },
      {
        hour,
        elementId,
        arm: a,
        goalId: f.purchase,
        goalSessions: converted,
        goalVisitors: converted,
        conversions: converted,
      },
    ];
    await insertRollups(t.current, f.campaignId, [
      ...arm(f.headline.id, 0, 2000, 200),
      ...arm(f.headline.id, f.headline.a, 2000, 400),
      ...arm(f.headline.id, f.headline.b, 2000, 210),
      ...arm(f.button.id, 0, 3000, 300),
      ...arm(f.button.id, f.button.v, 3000, 310),
    ]);
  });

  it('offers each element its arms, the verdict’s winner suggested, else the original', async () => {
    const response = await call('GET', `/campaign/end-choices?id=${f.campaignId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { elements } = response.json<EndChoices>();
    expect(elements.map((e) => [e.elementName, e.suggested, e.options.map((o) => o.name)])).toEqual(
      [
        ['Text 1', f.headline.a, ['Original', 'Variant 1', 'Variant 2']],
        ['Text 2', null, ['Original', 'Variant 1']],
      ],
    );
    expect(elements[0]!.verdict).toMatch(/^Variant 1 converts/);
  });

  it('refuses a bad choice with its message and changes nothing', async () => {
    const end = (rollout: unknown) => call('POST', '/campaign/end', { id: f.campaignId, rollout });
    refused(await end({ 999999: null }), 400, 'Element 999999 is not part of this campaign.');
    refused(
      await end({ [f.headline.id]: f.button.v }),
      400,
      `Variant id ${f.button.v} is not one of the variants of Text 1.`,
    );
    refused(await end({ x: 1 }), 400, CAMPAIGN_END_MESSAGES.rolloutShape);
    refused(await end({ [f.headline.id]: 'b' }), 400, CAMPAIGN_END_MESSAGES.rolloutShape);
    const other = await createStatsCampaign(t.current.app, 'Other team');
    const foreign = await call('POST', '/campaign/end', { id: f.campaignId, rollout: null }, other);
    expect(foreign.statusCode).toBe(404);
    expect((await read()).end).toBeNull();
  });

  it('ends with Variant 2 rolled out: served to everyone, results frozen, views apart', async () => {
    const on = await call('GET', `/campaign/update-enabled?id=${f.campaignId}&isEnabled=true`);
    expect(on.statusCode, on.body).toBe(200);
    const before = await exposures();
    const response = await call('POST', '/campaign/end', {
      id: f.campaignId,
      rollout: { [f.headline.id]: f.headline.b, [f.button.id]: null },
    });
    expect(response.statusCode, response.body).toBe(200);
    const campaign = response.json<Campaign>();
    expect(campaign.isEnabled).toBe(false);
    expect(campaign.end).toMatchObject({
      outcome: 'Variant 2 of Text 1 rolled out',
      serving: true,
      rolloutViews: 0,
      rolloutRemovedAt: null,
      rolledOut: [
        {
          elementId: f.headline.id,
          elementName: 'Text 1',
          variantId: f.headline.b,
          variantName: 'Variant 2',
        },
      ],
    });
    const ended = Date.parse(campaign.end!.endedAt);
    expect(Date.parse(campaign.end!.remindAt!)).toBe(ended + 30 * DAY);

    const [config] = (await served()).filter((c) => c.id === f.campaignId);
    expect(config).toMatchObject({
      trafficAllocation: 100,
      exclusive: false,
      goals: [],
      elements: [{ id: f.headline.id, controlWeight: 0, variants: [{ id: f.headline.b }] }],
    });

    const event = (extra: object) => ({
      id: randomUUID(),
      campaignId: f.campaignId,
      visitorId: 'fresh-visitor',
      sessionId: 'fresh-visitor-s1',
      ts: Date.now(),
      url: 'https://shop.example.com/landing',
      ...extra,
    });
    const collect = await t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'user-agent': BROWSER, 'content-type': 'application/json' },
      payload: {
        events: [
          event({
            type: 'exposure',
            assignments: { [f.headline.id]: f.headline.b },
            applied: { [f.headline.id]: 12 },
          }),
          event({ type: 'goal', goalId: f.purchase }),
        ],
      },
    });
    expect(collect.statusCode, collect.body).toBe(202);
    expect(collect.json()).toMatchObject({ accepted: 0, rolloutViews: 1 });
    expect(await exposures()).toBe(before);
    expect((await read()).end!.rolloutViews).toBe(1);

    // The results keep answering.
    const choices = await call('GET', `/campaign/end-choices?id=${f.campaignId}`);
    expect(choices.statusCode).toBe(200);
  });

  it('keeps an ended test read-only, each refusal with its message', async () => {
    const message = CAMPAIGN_END_MESSAGES.ended;
    refused(
      await call('GET', `/campaign/update-enabled?id=${f.campaignId}&isEnabled=true`),
      409,
      message,
    );
    const campaign = await read();
    refused(await call('POST', '/campaign/save', { ...campaign, name: 'Renamed' }), 409, message);
    refused(
      await call('POST', '/campaign/add-variants', {
        campaignId: f.campaignId,
        elementId: f.button.id,
        variants: [
          { id: -1, key: 'k', type: 'text', isEnabled: true, info: { value: 'New', styles: [] } },
        ],
      }),
      409,
      message,
    );
    refused(
      await call('GET', `/campaign/update-variant-enabled?id=${f.headline.a}&isEnabled=false`),
      409,
      message,
    );
    refused(await call('GET', `/campaign/delete-variant?id=${f.headline.a}`), 409, message);
    refused(
      await call('POST', '/campaign/end', { id: f.campaignId, rollout: null }),
      409,
      CAMPAIGN_END_MESSAGES.alreadyEnded,
    );
    const after = await read();
    expect(after.name).toBe('Headline test');
    expect(after.elements.map((e) => e.variants.length)).toEqual([2, 1]);
    expect(after.isEnabled).toBe(false);
  });

  it('reminds the team once after 30 days, then the rollout is removed', async () => {
    const { services, app } = t.current;
    const outbox = { configured: false, post: () => undefined, drain: () => Promise.resolve() };
    const deps = {
      db: services.db,
      log: app.log,
      notify: (notice: Parameters<typeof notifyTeam>[1]) =>
        notifyTeam({ db: services.db, config: services.config, outbox }, notice),
    };
    expect(await remindRollouts({ ...deps, now: () => Date.now() + 29 * DAY })).toBe(0);
    expect(await remindRollouts({ ...deps, now: () => Date.now() + 31 * DAY })).toBe(1);
    expect(await remindRollouts({ ...deps, now: () => Date.now() + 32 * DAY })).toBe(0);
    const list = (await call('GET', '/notifications')).json<NotificationList>().notifications;
    expect(list.map((n) => [n.title, n.body, n.link])).toEqual([
      [
        'A rollout is 30 days old: ship it in code',
        'Variant 2 of Text 1 of Headline test has been rolled out for 30 days: ship it in code and remove the rollout',
        `/admin/${f.slug}/campaign/${f.campaignId}`,
      ],
    ]);

    const removed = await call('POST', '/campaign/remove-rollout', { id: f.campaignId });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Campaign>().end).toMatchObject({ serving: false, remindAt: null });
    expect((await served()).map((c) => c.id)).not.toContain(f.campaignId);
    refused(
      await call('POST', '/campaign/remove-rollout', { id: f.campaignId }),
      409,
      CAMPAIGN_END_MESSAGES.rolloutRemoved,
    );
  });

  it('keeps the original: nothing served, nothing to remove', async () => {
    const created = await call('POST', '/campaign/create', funnelCampaign('Kept'));
    const id = created.json<{ id: number }>().id;
    refused(
      await call('POST', '/campaign/remove-rollout', { id }),
      409,
      CAMPAIGN_END_MESSAGES.notEnded,
    );
    const response = await call('POST', '/campaign/end', { id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Campaign>().end).toMatchObject({
      outcome: 'original kept',
      serving: false,
      rolledOut: [],
    });
    expect((await served()).map((c) => c.id)).not.toContain(id);
    refused(
      await call('POST', '/campaign/remove-rollout', { id }),
      409,
      CAMPAIGN_END_MESSAGES.noRollout,
    );
  });
});
