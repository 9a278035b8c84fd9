import { srmAlert, type NotificationList } from '@kindling/domain';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  createStatsCampaign,
  insertRollups,
  lifetimeStatsDeps,
  type RollupInsert,
  type StatsFixture,
} from '../../../test/stats-fixture';
import { bearer, useTestApp } from '../../../test/test-app';
import { notifyTeam } from '../notifications/notify-team';
import { checkSrmCampaigns, type SrmAlertDeps } from './check-srm';

// Sample ratio mismatch alerts (issue 33's srm.detected) on both databases: the periodic check
// over running campaigns whose counts are written as rollups by hand. A campaign whose arms were
// not shown as set is told of once (notification and webhook event); a balanced one, a stopped
// one and a bandit never are.

const HOUR = 3_600_000;
const PUBLIC_URL = 'https://kindling.example.com';

describeEachDatabase('sample ratio mismatch alerts', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false, PUBLIC_URL });
  let deps: SrmAlertDeps;
  const hour = new Date(Math.floor(Date.now() / HOUR) * HOUR).toISOString();

  /** A running campaign whose headline arms got these exposures (the button an even split). */
  async function campaignWith(name: string, headline: number[], more: object = {}) {
    const f = await createStatsCampaign(t.current.app, name, more);
    const exposures = (elementId: number, arms: number[], counts: number[]) =>
      counts.map((n, a): RollupInsert => ({
        hour,
        elementId,
        arm: arms[a]!,
        exposures: n,
        visitors: n,
        sessions: n,
      }));
    await insertRollups(t.current, f.campaignId, [
      ...exposures(f.headline.id, [0, f.headline.a, f.headline.b], headline),
      ...exposures(f.button.id, [0, f.button.v], [3000, 3000]),
    ]);
    await call(f, 'GET', `/campaign/update-enabled?id=${f.campaignId}&isEnabled=true`);
    // Subscribed to mismatches: the event is queued for it (JOB_WORKER is off: nothing sent).
    await call(f, 'POST', '/webhooks', {
      url: 'https://hooks.example.com/kindling',
      format: 'json',
      events: ['srm.detected'],
    });
    return f;
  }

  async function call(f: StatsFixture, method: 'GET' | 'POST', url: string, payload?: object) {
    const response = await t.current.app.inject({
      method,
      url: `/api/team/${f.slug}${url}`,
      headers: bearer(f.owner),
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  }

  const told = async (f: StatsFixture) => {
    const notices = (await call(f, 'GET', '/notifications')).json<NotificationList>();
    const { rows: events } = await sql<{ eventType: string; event: unknown }>`
      select event_type as "eventType", event from webhook_deliveries
      where team_id = ${(await teamIdOf(f))!}
    `.execute(t.current.services.db);
    return { notices: notices.notifications, events };
  };
  const teamIdOf = async (f: StatsFixture) =>
    (
      await t.current.services.db
        .selectFrom('teams')
        .select('id')
        .where('slug', '=', f.slug)
        .executeTakeFirst()
    )?.id;

  let skewed: StatsFixture;
  let balanced: StatsFixture;
  let stopped: StatsFixture;
  let bandit: StatsFixture;

  beforeAll(async () => {
    const { services, app } = t.current;
    deps = {
      ...lifetimeStatsDeps(t.current),
      notify: (notice) =>
        notifyTeam(
          {
            db: services.db,
            config: { ADMIN_URL: undefined, PUBLIC_URL },
            outbox: { configured: false, post: () => undefined, drain: () => Promise.resolve() },
          },
          notice,
        ),
      log: app.log,
    };
    // 2,000 / 2,000 / 1,400 where the split is even: p far below 0.001.
    skewed = await campaignWith('Skewed split', [2000, 2000, 1400]);
    balanced = await campaignWith('Even split', [2000, 2010, 1990]);
    stopped = await campaignWith('Stopped skewed', [2000, 2000, 1400]);
    await call(stopped, 'GET', `/campaign/update-enabled?id=${stopped.campaignId}&isEnabled=false`);
    // A bandit moves its split on purpose.
    bandit = await campaignWith('Bandit skewed', [2000, 2000, 1400], {
      type: 'multi_armed_bandit',
    });
  });

  it('tells the team of a skewed running campaign once: a notification and srm.detected', async () => {
    expect(await checkSrmCampaigns(deps)).toBe(1);
    const { notices, events } = await told(skewed);
    const [notice, ...others] = notices;
    expect(others).toEqual([]);
    expect(notice!.title).toBe('Skewed split: sample ratio mismatch');
    expect(notice!.body).toMatch(
      /^The versions are not shown in the planned proportions: Text 1 \(p < 0\.0001\)\./,
    );
    expect(notice!.link).toBe(`/admin/${skewed.slug}/campaign/${skewed.campaignId}`);
    const srm = events.filter((event) => event.eventType === 'srm.detected');
    expect(srm).toHaveLength(1);
    const expected = srmAlert({
      campaignName: 'Skewed split',
      campaignId: skewed.campaignId,
      elements: [{ name: 'Text 1', pValue: 0 }],
    });
    expect(srm[0]!.event).toMatchObject({
      type: 'srm.detected',
      version: 1,
      team: skewed.slug,
      data: {
        summary: expected.summary,
        campaign: { id: skewed.campaignId, name: 'Skewed split' },
        link: `${PUBLIC_URL}/admin/${skewed.slug}/campaign/${skewed.campaignId}`,
        elements: [{ name: 'Text 1', pValue: expect.any(Number) as number }],
      },
    });

    // The next rounds tell nobody again.
    expect(await checkSrmCampaigns(deps)).toBe(0);
    expect((await told(skewed)).notices).toHaveLength(1);
  });

  it('leaves a balanced campaign, a stopped one and a bandit alone', async () => {
    for (const f of [balanced, stopped, bandit]) {
      const { notices, events } = await told(f);
      expect(notices).toEqual([]);
      expect(events.filter((event) => event.eventType === 'srm.detected')).toEqual([]);
    }
  });
});
