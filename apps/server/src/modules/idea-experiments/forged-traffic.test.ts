import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { PLANNER_PAGE } from '../../../test/planner-page';
import { useSmtpCapture, waitForMail } from '../../../test/smtp-capture';
import { bearer, createTeam, signUp, useTestApp, type Account } from '../../../test/test-app';
import { createLocalTextProvider } from '../ai/local-text-provider';
import { createFinalIntervalCache } from '../stats/final-interval-cache';
import { getStatsCorrection } from '../teams/get-stats-correction';
import { checkRunningExperiments } from './stop-running-experiments';

// Issue 34, finding 3, replayed: every id an event names is public (config.json), so 122
// requests from one client address, dressed as the tracker on the page (browser User-Agent,
// the page's Origin, the collect key read off the public page), decided another team's idea
// experiment: a fake "99% chance it is best", the campaign switched off, the team mailed.
// Now the forged visitors are counted, but all from one address: the experiment keeps
// running, the campaign stays on, no one is notified or mailed, and the API says why. The
// positive control sends the same numbers from 122 addresses: that experiment stops as before.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';
const APP = 'https://app.example.com';
const REQUESTS = 122;
/** Visitors per request; control requests sign 1 of them up, variant requests 6. */
const VISITORS = 8;

interface Served {
  id: number;
  url: string;
  elements: { id: number; variants: { id: number }[] }[];
  goals: { id: number; url?: string }[];
}
interface Traffic {
  concentrated: boolean;
  reason: string | null;
  visitors: number;
  addresses: number;
  topAddressShare: number;
  text: string | null;
}
interface Experiment {
  status: string;
  stopReason: string | null;
  campaignId: number;
  arms: { visitors: number; signups: number }[];
  verdict: { state: string; summary: string };
  traffic?: Traffic;
}

describeEachDatabase('forged tracker events against an idea experiment', (kind) => {
  const smtp = useSmtpCapture();
  const t = useTestApp(kind, () => ({
    JOB_WORKER: false,
    PUBLIC_URL: APP,
    COLLECT_RATE_LIMIT_PER_MINUTE: 1000,
    SMTP_URL: smtp.url,
  }));
  let owner: Account;
  let team: string;

  const api = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${team}${path}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });
  const experimentOn = async (slug: string) => {
    const created = await api('POST', '/pages', { slug, content: PLANNER_PAGE });
    const { id } = created.json<{ id: number }>();
    expect((await api('POST', `/pages/${id}/publish`)).statusCode).toBe(200);
    const started = await api('POST', `/pages/${id}/experiment`, {
      variants: [{ headline: 'Your week, planned before coffee', ctaLabel: 'Save my spot' }],
    });
    expect(started.statusCode, started.body).toBe(201);
    return { pageId: id, campaignId: started.json<Experiment>().campaignId };
  };
  const read = async (pageId: number) => {
    const response = await api('GET', `/pages/${pageId}/experiment`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Experiment>();
  };
  /** What anyone can read: the team's public config and the published page. */
  const served = async (campaignId: number) => {
    const config = await t.current.app.inject({ url: `/api/tracker/${team}/config.json` });
    return config.json<{ campaigns: Served[] }>().campaigns.find((c) => c.id === campaignId);
  };
  const collectKeyOn = async (pageUrl: string) => {
    const page = await t.current.app.inject({ url: new URL(pageUrl).pathname });
    return /data-collect-key="([\w-]+)"/.exec(page.body)?.[1];
  };

  /** The 122 requests: 8 made-up visitors each, odd requests on the variant, all signing up. */
  const replay = async (campaign: Served, addressOf: (request: number) => string) => {
    const collectKey = await collectKeyOn(campaign.url);
    const [headline, button] = campaign.elements;
    const goal = campaign.goals[0]!;
    const ts = Date.now() - 60_000;
    for (let request = 0; request < REQUESTS; request++) {
      const arm = request % 2;
      const events = Array.from({ length: VISITORS }, (_, i) => {
        const visitorId = `forged-${campaign.id}-${request}-${i}`;
        const base = {
          campaignId: campaign.id,
          visitorId,
          sessionId: `${visitorId}-s`,
          ...(collectKey ? { collectKey } : {}),
        };
        const assignments = Object.fromEntries(
          [headline!, button!].map((e) => [e.id, arm === 0 ? 'control' : e.variants[0]!.id]),
        );
        const exposure = { ...base, id: randomUUID(), type: 'exposure', ts, url: campaign.url };
        const signs = i < (arm === 0 ? 1 : 6);
        const signup = { ...base, id: randomUUID(), type: 'goal', ts: ts + 1000, url: goal.url };
        return signs
          ? [
              { ...exposure, assignments },
              { ...signup, goalId: goal.id },
            ]
          : [{ ...exposure, assignments }];
      }).flat();
      const response = await t.current.app.inject({
        method: 'POST',
        url: '/api/collect',
        remoteAddress: addressOf(request),
        headers: { 'user-agent': BROWSER, origin: APP, 'content-type': 'text/plain' },
        payload: JSON.stringify({ events }),
      });
      // Every check on the events passes: the forgery is counted, like the tracker's events.
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).toEqual({ accepted: events.length, duplicates: 0 });
    }
  };
  const notices = async () =>
    (await api('GET', '/notifications')).json<{ notifications: { link: string }[] }>()
      .notifications;
  const stats = async (campaignId: number) => {
    const response = await api('POST', '/campaign/stats', {
      id: campaignId,
      range: {
        start: new Date(Date.now() - 86_400_000).toISOString(),
        end: new Date(Date.now() + 3_600_000).toISOString(),
      },
      timezone: 'UTC',
      granularity: 'day',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ traffic?: Traffic }>().traffic;
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Vera Victim');
    team = await createTeam(t.current.app, owner, 'Victim Lab');
    // A proven address: a stopped experiment is mailed to it.
    await t.current.services.db
      .updateTable('users')
      .set({ emailVerifiedAt: sql<Date>`now()` })
      .where('email', '=', owner.email)
      .execute();
  });

  it('122 requests from one address: the experiment runs on, the campaign stays on, no one is told', async () => {
    const attacked = await experimentOn('attacked');
    const campaign = (await served(attacked.campaignId))!;
    const mailsBefore = smtp.mails.length;

    await replay(campaign, () => '203.0.113.7');

    // Read by the owner (a read applies the stop rule) and checked as the periodic job does.
    const seen = await read(attacked.pageId);
    const onExperimentFinished = vi.fn();
    await checkRunningExperiments({
      db: t.current.services.db,
      config: t.current.services.config,
      textProvider: createLocalTextProvider(),
      onExperimentFinished,
      log: t.current.app.log,
      getStatsCorrection: (teamId) => getStatsCorrection(t.current.services, { teamId }),
      finalIntervals: createFinalIntervalCache({ maxRows: 10_000 }),
    });
    const after = await read(attacked.pageId);
    expect({ seen: seen.status, after: after.status, stopReason: after.stopReason }).toEqual({
      seen: 'running',
      after: 'running',
      stopReason: null,
    });
    expect(onExperimentFinished).not.toHaveBeenCalled();
    // The numbers are shown as counted, with the reason nothing acts on them.
    expect(after.arms.map((arm) => [arm.visitors, arm.signups])).toEqual([
      [488, 61],
      [488, 366],
    ]);
    expect(after.traffic).toMatchObject({
      concentrated: true,
      reason: 'one_address_visitors',
      visitors: 976,
      addresses: 1,
      topAddressShare: 1,
    });
    expect(after.traffic?.text).toMatch(
      /^100% of the 976 counted visitors came from one network address\. Until the traffic comes from more places, Kindling does not stop tests/,
    );
    expect(await stats(attacked.campaignId)).toEqual(after.traffic);
    // The campaign is still served; no notice in the app, no mail.
    expect(await served(attacked.campaignId)).toBeDefined();
    expect(await notices()).toEqual([]);

    // Positive control: the same numbers from 122 addresses stop as they always did, and tell.
    const control = await experimentOn('control');
    await replay((await served(control.campaignId))!, (request) => `198.51.100.${request}`);
    const stopped = await read(control.pageId);
    expect(stopped).toMatchObject({ status: 'stopped', stopReason: 'clear_winner' });
    expect(stopped.verdict).toMatchObject({ state: 'winner', method: 'sequential' });
    expect(stopped.verdict.summary).toMatch(
      /^Variant 1 converts \d+% more often than the original/,
    );
    expect(stopped.traffic).toMatchObject({ concentrated: false, addresses: 122, text: null });
    expect(await served(control.campaignId)).toBeUndefined();
    expect((await notices()).map((notice) => notice.link)).toEqual([
      `/admin/${team}/pages/${control.pageId}/test`,
    ]);
    await waitForMail(smtp.mails, (mail) => mail.text.includes(`/pages/${control.pageId}/test`), {
      since: mailsBefore,
    });
    // Mail goes out in order: had the attack mailed, its mail would have come first.
    expect(
      smtp.mails.slice(mailsBefore).filter((mail) => mail.text.includes('Your idea test')),
    ).toHaveLength(1);
    expect(smtp.mails.some((mail) => mail.text.includes(`/pages/${attacked.pageId}/test`))).toBe(
      false,
    );
  });
});
