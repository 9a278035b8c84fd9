import {
  CAMPAIGN_INPUT_MESSAGES,
  type Campaign,
  type CampaignStats,
  type NotificationList,
} from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  createStatsCampaign,
  insertRollups,
  lifetimeStatsDeps,
  postStats,
  type RollupInsert,
  type StatsFixture,
} from '../../../test/stats-fixture';
import { funnelCampaign } from '../../../test/campaign-parts';
import { bearer, expectFieldError, useTestApp } from '../../../test/test-app';
import type { MailMessage } from '../../mail/mailer';
import type { Outbox } from '../../mail/outbox';
import { notifyTeam } from '../notifications/notify-team';
import { tellTeamAutoStopped } from './auto-stop';
import { checkAutoStopCampaigns, type AutoStopDeps } from './check-auto-stop';

// Auto-stop (issue 29) on both databases: the periodic check over campaigns whose counts are
// written as rollups by hand. A clear always-valid winner is switched off and the team told
// with the verdict's sentence and a link to the results; one still running keeps running; a
// campaign with auto-stop off is never stopped, whatever its results say.

const HOUR = 3_600_000;
const ADMIN_URL = 'https://kindling.example.com';

/** Each arm of each element: [visitors, visitors who reached the conversion goal]. */
type Arms = { headline: [number, number][]; button: [number, number][] };

/** 10% against 20% on 2,000 visitors an arm: far past the always-valid boundary. */
const CLEAR: Arms = {
  headline: [
    [2000, 200],
    [2000, 400],
    [2000, 330],
  ],
  button: [
    [3000, 300],
    [3000, 600],
  ],
};
/** 10% against 11% on 1,000 visitors an arm: no answer yet, far from the plan. */
const OPEN: Arms = {
  headline: [
    [1000, 100],
    [1000, 110],
    [1000, 105],
  ],
  button: [
    [1500, 150],
    [1500, 160],
  ],
};

describeEachDatabase('auto-stop', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  const mails: MailMessage[] = [];
  const outbox: Outbox = {
    configured: true,
    post: (message) => mails.push(message),
    drain: () => Promise.resolve(),
  };
  let deps: AutoStopDeps;

  // This hour: inside the campaign's life, which every lifetime verdict counts.
  const hour = new Date(Math.floor(Date.now() / HOUR) * HOUR).toISOString();

  async function campaignWith(name: string, arms: Arms, autoStop: boolean) {
    const f = await createStatsCampaign(t.current.app, name, { autoStop });
    await setEnabled(f, true);
    // Mails go to members with a proven address.
    await t.current.services.db
      .updateTable('users')
      .set({ emailVerifiedAt: new Date() })
      .where('id', '=', f.owner.userId)
      .execute();
    const rows = (elementId: number, ids: number[], counts: [number, number][]) =>
      counts.flatMap(([visitors, converted], a): RollupInsert[] => [
        { hour, elementId, arm: ids[a]!, exposures: visitors, visitors, sessions: visitors },
        {
          hour,
          elementId,
          arm: ids[a]!,
          goalId: f.purchase,
          goalSessions: converted,
          goalVisitors: converted,
          conversions: converted,
        },
      ]);
    await insertRollups(t.current, f.campaignId, [
      ...rows(f.headline.id, [0, f.headline.a, f.headline.b], arms.headline),
      ...rows(f.button.id, [0, f.button.v], arms.button),
    ]);
    return f;
  }

  /** The pause switch, as the list's toggle calls it. */
  const setEnabled = async (f: StatsFixture, isEnabled: boolean) => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${f.slug}/campaign/update-enabled?id=${f.campaignId}&isEnabled=${isEnabled}`,
      headers: bearer(f.owner),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const read = async (f: StatsFixture) => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${f.slug}/campaign/by-id?id=${f.campaignId}`,
      headers: bearer(f.owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Campaign>();
  };
  const notifications = async (f: StatsFixture) => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${f.slug}/notifications`,
      headers: bearer(f.owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<NotificationList>().notifications;
  };
  /** The results page's verdicts over the campaign's whole life. */
  const verdicts = async (f: StatsFixture) => {
    const response = await postStats(t.current, f, {
      id: f.campaignId,
      range: {
        start: new Date(Date.now() - 2 * 24 * HOUR).toISOString(),
        end: new Date(Date.now() + HOUR).toISOString(),
      },
      timezone: 'UTC',
      granularity: 'day',
    });
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json<CampaignStats>();
    return [f.headline.id, f.button.id].map((id) => stats.elements[String(id)]!.verdict);
  };

  let winner: StatsFixture;
  let running: StatsFixture;
  let off: StatsFixture;

  beforeAll(async () => {
    const { services, app } = t.current;
    deps = {
      ...lifetimeStatsDeps(t.current),
      onAutoStopped: tellTeamAutoStopped((notice) =>
        notifyTeam(
          { db: services.db, config: { ADMIN_URL, PUBLIC_URL: undefined }, outbox },
          notice,
        ),
      ),
      log: app.log,
    };
    winner = await campaignWith('Clear winner', CLEAR, true);
    running = await campaignWith('Still open', OPEN, true);
    off = await campaignWith('Left alone', CLEAR, false);
  });

  it('stops a campaign with an always-valid winner and tells the team with its verdict', async () => {
    const [headline, button] = await verdicts(winner);
    expect(headline).toMatchObject({
      state: 'winner',
      method: 'sequential',
      variantId: winner.headline.a,
    });
    expect(button).toMatchObject({ state: 'winner', variantId: winner.button.v });
    expect((await read(winner)).isEnabled).toBe(true);

    expect(await checkAutoStopCampaigns(deps)).toBe(1);

    const stopped = await read(winner);
    expect(stopped).toMatchObject({ isEnabled: false, autoStop: true });
    expect(stopped.autoStoppedAt).not.toBeNull();
    const [notice, ...others] = await notifications(winner);
    expect(others).toEqual([]);
    expect(notice).toMatchObject({
      title: 'Clear winner stopped by itself',
      link: `/admin/${winner.slug}/campaign/${winner.campaignId}`,
      read: false,
    });
    expect(notice!.body).toBe(
      [
        'Auto-stop switched the campaign off: its results reached an always-valid decision.',
        `Element 1: ${headline!.summary}`,
        `Element 2: ${button!.summary}`,
      ].join('\n\n'),
    );
    expect(headline!.summary).toMatch(/^Variant 1 converts 100% more often than the original/);
    const mail = mails.find(
      (m) => m.subject === 'Clear winner Team: Clear winner stopped by itself',
    );
    expect(mail?.to).toBe(winner.owner.email);
    expect(mail?.text).toContain(headline!.summary);
    expect(mail?.text).toContain(`${ADMIN_URL}/admin/${winner.slug}/campaign/${winner.campaignId}`);
  });

  it('stops once: a second round, and a campaign switched on again by hand, are left alone', async () => {
    expect(await checkAutoStopCampaigns(deps)).toBe(0);
    await setEnabled(winner, true);
    expect(await checkAutoStopCampaigns(deps)).toBe(0);
    expect((await read(winner)).isEnabled).toBe(true);
    expect(await notifications(winner)).toHaveLength(1);
  });

  it('keeps a campaign without an answer running', async () => {
    const [headline, button] = await verdicts(running);
    expect(headline!.state).toBe('keep_running');
    expect(button!.state).toBe('keep_running');
    await checkAutoStopCampaigns(deps);
    expect(await read(running)).toMatchObject({ isEnabled: true, autoStoppedAt: null });
    expect(await notifications(running)).toEqual([]);
  });

  it('never stops a campaign with auto-stop off, whatever its verdict', async () => {
    expect((await verdicts(off))[0]!.state).toBe('winner');
    await checkAutoStopCampaigns(deps);
    expect(await read(off)).toMatchObject({
      isEnabled: true,
      autoStop: false,
      autoStoppedAt: null,
    });
    expect(await notifications(off)).toEqual([]);
  });

  it('is a setting the API checks: refused unless true or false, re-armed when changed', async () => {
    const post = (path: string, payload: object) =>
      t.current.app.inject({
        method: 'POST',
        url: `/api/team/${winner.slug}/campaign/${path}`,
        headers: bearer(winner.owner),
        payload,
      });
    for (const autoStop of ['yes', 1, null]) {
      const refused = await post('create', { ...funnelCampaign('Bad'), autoStop });
      expectFieldError(refused, 'autoStop', CAMPAIGN_INPUT_MESSAGES.autoStop);
    }
    // Off by default.
    const created = await post('create', funnelCampaign('Default'));
    expect(created.statusCode, created.body).toBe(201);
    const defaults = await read({ ...winner, campaignId: created.json<{ id: number }>().id });
    expect(defaults).toMatchObject({ autoStop: false, autoStoppedAt: null });
    // The stopped campaign's setting turned off and on again: auto-stop may stop it again.
    const saved = await read(winner);
    for (const autoStop of [false, true]) {
      const response = await post('save', { ...saved, autoStop });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Campaign>()).toMatchObject({ autoStop, autoStoppedAt: null });
    }
    expect(await checkAutoStopCampaigns(deps)).toBe(1);
    expect(await read(winner)).toMatchObject({ isEnabled: false });
  });

  it('is in the OpenAPI document, with the verdicts the list and the idea experiments answer', async () => {
    const { paths } = (
      await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>();
    const text = (value: unknown) => JSON.stringify(value);
    const create = text(paths['/api/team/{team}/campaign/create']!.post!.requestBody);
    expect(create).toContain('"autoStop"');
    const list = text(paths['/api/team/{team}/campaign/performance/campaigns']!.get!.responses);
    for (const field of ['verdict', 'state', 'summary', 'visitorsNeeded', 'uplift', 'elementId']) {
      expect(list).toContain(`"${field}"`);
    }
    expect(list).not.toContain('"bestVariant"');
    const idea = text(paths['/api/team/{team}/pages/{id}/experiment']!.get!.responses);
    for (const field of ['verdict', 'summary', 'variantId', 'chanceBest']) {
      expect(idea).toContain(`"${field}"`);
    }
    expect(idea).not.toContain('"outcome"');
  });
});
