import { randomUUID } from 'node:crypto';
import {
  IDEA_EXPERIMENT_MESSAGES,
  LANDING_PAGE_MESSAGES,
  type LandingPageContent,
} from '@kindling/domain';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { PLANNER_PAGE } from '../../../test/planner-page';
import { snapshotTables } from '../../../test/table-snapshot';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { createLocalTextProvider } from '../ai/local-text-provider';
import type { ExperimentView } from './present-experiment';
import { createFinalIntervalCache } from '../stats/final-interval-cache';
import { getStatsCorrection } from '../teams/get-stats-correction';
import { checkRunningExperiments } from './stop-running-experiments';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';
const CONTENT: LandingPageContent = PLANNER_PAGE;
const VARIANTS = [
  { headline: 'Your week, planned before coffee', ctaLabel: 'Save my spot' },
  { headline: 'Stop losing Mondays to planning', ctaLabel: 'Get early access' },
  { headline: 'Five minutes. One calm week.', ctaLabel: 'Join now' },
];
const TABLES = ['ideaExperiments', 'campaigns', 'campaignElements', 'variants', 'goals'] as const;

interface ServedElement {
  id: number;
  selector: string;
  bucketWith?: number;
  variants: { id: number; with?: number; mutations: { value?: string }[] }[];
}
interface ServedCampaign {
  id: number;
  url: string;
  elements: ServedElement[];
  goals: { id: number; type: string; url?: string }[];
}

describeEachDatabase('idea experiments', (kind) => {
  const t = useTestApp(kind, {
    JOB_WORKER: false,
    PUBLIC_URL: 'https://app.example.com',
    COLLECT_RATE_LIMIT_PER_MINUTE: 1000,
  });
  let owner: Account;
  let team: string;

  const api = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${team}/pages${path}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });
  const publishedPage = async (slug: string, content: LandingPageContent = CONTENT) => {
    const created = await api('POST', '', { slug, content });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect((await api('POST', `/${id}/publish`)).statusCode).toBe(200);
    return id;
  };
  const start = async (pageId: number, variants = VARIANTS) => {
    const response = await api('POST', `/${pageId}/experiment`, { variants });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ExperimentView>();
  };
  const read = async (pageId: number) => {
    const response = await api('GET', `/${pageId}/experiment`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ExperimentView>();
  };
  const servedCampaign = async (campaignId: number) => {
    const config = await t.current.app.inject({ url: `/api/tracker/${team}/config.json` });
    const { campaigns } = config.json<{ campaigns: ServedCampaign[] }>();
    return campaigns.find((campaign) => campaign.id === campaignId);
  };

  /** The key the page's tracker tag carries, which its tracker sends with every event. */
  const collectKeyOf = async (pageUrl: string) => {
    const page = await t.current.app.inject({ url: new URL(pageUrl).pathname });
    return /data-collect-key="([\w-]+)"/.exec(page.body)![1]!;
  };

  /**
   * Visitors spread evenly over the arms, as the page's tracker sends them, from many places:
   * 8 visitors a network address; `signs(arm, i)` says who reaches the thank-you page.
   */
  const visit = async (
    served: ServedCampaign,
    { perArm, signs }: { perArm: number; signs: (arm: number, i: number) => boolean },
  ) => {
    const [headline, ...others] = served.elements;
    const goal = served.goals[0]!;
    const collectKey = await collectKeyOf(served.url);
    const byAddress = new Map<string, object[]>();
    const at = Date.now() - 60_000;
    let visitors = 0;
    for (let arm = 0; arm <= headline!.variants.length; arm++) {
      for (let i = 0; i < perArm; i++) {
        const visitorId = `v-${served.id}-${arm}-${i}`;
        const place = Math.floor(visitors++ / 8);
        const address = `10.${served.id % 256}.${(place >> 8) % 256}.${place % 256}`;
        const events = byAddress.get(address) ?? [];
        byAddress.set(address, events);
        const base = {
          campaignId: served.id,
          visitorId,
          sessionId: `${visitorId}-s`,
          url: served.url,
          collectKey,
        };
        const armOf = (element: ServedElement) =>
          arm === 0 ? 'control' : element.variants[arm - 1]!.id;
        const assignments = Object.fromEntries(
          [headline!, ...others].map((element) => [element.id, armOf(element)]),
        );
        events.push({ ...base, id: randomUUID(), ts: at, type: 'exposure', assignments });
        if (signs(arm, i)) {
          const thanks = { ...base, url: goal.url! };
          events.push({
            ...thanks,
            id: randomUUID(),
            ts: at + 1000,
            type: 'goal',
            goalId: goal.id,
          });
        }
      }
    }
    for (const [address, events] of byAddress) {
      const response = await t.current.app.inject({
        method: 'POST',
        url: '/api/collect',
        remoteAddress: address,
        headers: { 'user-agent': BROWSER },
        payload: { events },
      });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.json()).not.toHaveProperty('rejected');
    }
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Ida Idea');
    team = await createTeam(t.current.app, owner, 'Idea Team');
  });

  it('starts one campaign on the page: headline and button together, sign-up as the goal', async () => {
    const pageId = await publishedPage('planner');
    const experiment = await start(pageId);
    expect(experiment).toMatchObject({ status: 'running', stopReason: null, viewLimit: 1000 });
    expect(experiment.arms.map((arm) => [arm.label, arm.headline, arm.ctaLabel])).toEqual([
      ['Original', CONTENT.headline, CONTENT.cta.label],
      ...VARIANTS.map((variant, index) => [
        `Variant ${index + 1}`,
        variant.headline,
        variant.ctaLabel,
      ]),
    ]);
    // The campaign's verdict, as its results page says it.
    expect(experiment.verdict).toMatchObject({ state: 'not_enough_data', method: 'sequential' });
    expect(experiment.verdict.summary).toBe(
      'Not enough data yet: needs 400 more visitors (at least 100 in each version).',
    );
    expect(experiment.arms.map((arm) => arm.variantId === null)).toEqual([
      true,
      ...VARIANTS.map(() => false),
    ]);
    const served = await servedCampaign(experiment.campaignId);
    expect(served?.url).toBe(`https://app.example.com/p/${team}/planner`);
    const [headline, button, pricing] = served!.elements;
    expect(headline!.selector).toBe('.hero-copy h1');
    expect(headline!.variants.map((variant) => variant.mutations[0]?.value)).toEqual(
      VARIANTS.map((variant) => variant.headline),
    );
    expect(button!.variants.map((variant) => variant.mutations[0]?.value)).toEqual(
      VARIANTS.map((variant) => variant.ctaLabel),
    );
    // The button and the price section's button draw the headline's arm.
    expect(headline!.bucketWith).toBeUndefined();
    expect(button!.bucketWith).toBe(headline!.id);
    expect(pricing!.bucketWith).toBe(headline!.id);
    // Each of their variants names the headline's variant it is shown with, in order.
    const headlineArms = headline!.variants.map((variant) => variant.id);
    expect(button!.variants.map((variant) => variant.with)).toEqual(headlineArms);
    expect(pricing!.variants.map((variant) => variant.with)).toEqual(headlineArms);
    expect(served!.goals).toEqual([
      {
        id: expect.any(Number),
        type: 'pageView',
        url: `https://app.example.com/p/${team}/planner/thanks`,
      },
    ]);
  });

  it('refuses bad input, unpublished pages and a second experiment, changing nothing', async () => {
    const draft = await api('POST', '', { slug: 'draft', content: CONTENT });
    const draftId = draft.json<{ id: number }>().id;
    const running = await publishedPage('running');
    await start(running);
    const before = await snapshotTables(t.current.services.db, TABLES);
    const cases: [number, object, number, string][] = [
      [running, { variants: [] }, 400, IDEA_EXPERIMENT_MESSAGES.variantsCount],
      [
        running,
        { variants: Array(6).fill(VARIANTS[0]) },
        400,
        IDEA_EXPERIMENT_MESSAGES.variantsCount,
      ],
      [
        running,
        { variants: [{ headline: '', ctaLabel: 'Go' }] },
        400,
        LANDING_PAGE_MESSAGES.headlineRequired,
      ],
      [
        running,
        { variants: [{ headline: 'Hi', ctaLabel: 'x'.repeat(41) }] },
        400,
        LANDING_PAGE_MESSAGES.ctaLabelTooLong,
      ],
      [draftId, { variants: VARIANTS }, 400, IDEA_EXPERIMENT_MESSAGES.notPublished],
      [running, { variants: VARIANTS }, 409, IDEA_EXPERIMENT_MESSAGES.alreadyRunning],
      [999_999, { variants: VARIANTS }, 404, LANDING_PAGE_MESSAGES.notFound],
    ];
    for (const [pageId, payload, status, message] of cases) {
      const response = await api('POST', `/${pageId}/experiment`, payload);
      expect({ status: response.statusCode, message: errorOf(response).message }).toEqual({
        status,
        message,
      });
    }
    const noIdea = await api('POST', `/${running}/experiment/suggestions`, { idea: ' ' });
    expect(errorOf(noIdea).message).toBe(IDEA_EXPERIMENT_MESSAGES.ideaRequired);
    const none = await api('GET', `/${draftId}/experiment`);
    expect({ status: none.statusCode, message: errorOf(none).message }).toEqual({
      status: 404,
      message: IDEA_EXPERIMENT_MESSAGES.noExperiment,
    });
    expect(await snapshotTables(t.current.services.db, TABLES)).toBe(before);
  });

  it('suggests up to 5 headline and button pairs from an idea, within the page limits', async () => {
    const pageId = await publishedPage('suggest');
    const response = await api('POST', `/${pageId}/experiment/suggestions`, {
      idea: 'A planner that books focus time for founders who hate meetings',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { variants, offline } = response.json<{
      variants: { headline: string; ctaLabel: string }[];
      offline: boolean;
    }>();
    expect(offline).toBe(true);
    expect(variants).toHaveLength(5);
    for (const variant of variants) {
      // The idea is the team's note, never pasted back as a headline.
      expect(variant.headline.toLowerCase()).not.toContain('a planner that books focus time');
      expect(variant.headline.length).toBeLessThanOrEqual(90);
      expect(variant.ctaLabel.length).toBeLessThanOrEqual(40);
      expect(variant.headline).not.toBe(CONTENT.headline);
    }
    expect(new Set(variants.map((variant) => variant.headline)).size).toBe(variants.length);
    // Button texts pair up by position; past the suggestions, the page's own text stays.
    expect(variants[0]!.ctaLabel).not.toBe(CONTENT.cta.label);
  });

  // 4,005 visitors through /api/collect: some 30 s on PGlite when the machine is busy.
  it(
    'stops at 1,000 views per arm with the verdict, switches the campaign off and says so',
    { timeout: 90_000 },
    async () => {
      const pageId = await publishedPage('to-the-limit');
      const experiment = await start(pageId);
      const served = (await servedCampaign(experiment.campaignId))!;
      // Close rates: no always-valid answer early, so only the view limit stops it.
      await visit(served, { perArm: 999, signs: (arm, i) => i % 25 === arm });
      expect((await read(pageId)).status).toBe('running');
      await visit({ ...served, elements: served.elements }, { perArm: 1, signs: () => false });
      const stopped = await read(pageId);
      expect(stopped).toMatchObject({
        status: 'stopped',
        stopReason: 'view_limit',
        stopReasonText: 'Every variant reached 1,000 views',
      });
      expect(stopped.arms.map((arm) => arm.views)).toEqual([1000, 1000, 1000, 1000]);
      expect(stopped.arms.map((arm) => arm.signups)).toEqual([40, 40, 40, 40]);
      expect(stopped.verdict.state).toBe('keep_running');
      expect(await servedCampaign(experiment.campaignId)).toBeUndefined();
      // The team is told in the app, with a link to the experiment's screen.
      const notices = await t.current.app.inject({
        url: `/api/team/${team}/notifications`,
        headers: bearer(owner),
      });
      expect(notices.json<{ notifications: object[] }>().notifications[0]).toMatchObject({
        title: 'Your idea test has an answer',
        body: `Every variant reached 1,000 views. ${stopped.verdict.summary}`,
        link: `/admin/${team}/pages/${pageId}/test`,
        read: false,
      });
      // Later traffic changes nothing: the stored verdict is what the team saw.
      await visit(served, { perArm: 5, signs: () => true });
      expect(await read(pageId)).toEqual(stopped);
      // A new experiment may start on the page once the last one stopped.
      expect((await start(pageId, VARIANTS.slice(0, 1))).status).toBe('running');
    },
  );

  it('stops early on an always-valid winner, and tells the team through the callback', async () => {
    const pageId = await publishedPage('clear-winner');
    const experiment = await start(pageId, VARIANTS.slice(0, 2));
    const served = (await servedCampaign(experiment.campaignId))!;
    await visit(served, {
      perArm: 300,
      signs: (arm, i) => (arm === 2 ? i % 4 === 0 : i % 30 === 0),
    });
    const onExperimentFinished = vi.fn();
    const deps = {
      db: t.current.services.db,
      config: t.current.services.config,
      textProvider: createLocalTextProvider(),
      onExperimentFinished,
      log: t.current.app.log,
      getStatsCorrection: (teamId: number) => getStatsCorrection(t.current.services, { teamId }),
      finalIntervals: createFinalIntervalCache({ maxRows: 10_000 }),
    };
    expect(await checkRunningExperiments(deps)).toBeGreaterThanOrEqual(1);
    const stopped = await read(pageId);
    expect(stopped).toMatchObject({ status: 'stopped', stopReason: 'clear_winner' });
    const variant2 = stopped.arms[2]!.variantId;
    expect(stopped.verdict).toMatchObject({ state: 'winner', variantId: variant2 });
    expect(stopped.verdict.summary).toMatch(
      /^Variant 2 converts 650% more often than the original \(\d+(\.\d)?% always-valid interval \+\d+% to \+\d+%\)\. It is safe to ship\.$/,
    );
    expect(onExperimentFinished).toHaveBeenCalledWith(
      expect.objectContaining({
        team: { id: expect.any(Number) },
        pageId,
        campaignId: experiment.campaignId,
        reason: 'clear_winner',
        verdict: expect.objectContaining({ state: 'winner', variantId: variant2 }),
      }),
    );
  });

  it('stops when the page is unpublished, deleted or stopped by hand', async () => {
    const pageId = await publishedPage('unpublish-me');
    const experiment = await start(pageId);
    expect((await api('POST', `/${pageId}/unpublish`)).statusCode).toBe(200);
    expect(await read(pageId)).toMatchObject({
      status: 'stopped',
      stopReason: 'page_unpublished',
    });
    expect(await servedCampaign(experiment.campaignId)).toBeUndefined();

    const byHand = await publishedPage('by-hand');
    const second = await start(byHand);
    const stop = await api('POST', `/${byHand}/experiment/stop`);
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ status: 'stopped', stopReason: 'stopped_by_user' });
    expect(await servedCampaign(second.campaignId)).toBeUndefined();
    // Stopping again answers the same stopped experiment.
    expect((await api('POST', `/${byHand}/experiment/stop`)).json()).toEqual(stop.json());

    const doomed = await publishedPage('delete-me');
    const third = await start(doomed);
    const deleted = await t.current.app.inject({
      method: 'DELETE',
      url: `/api/team/${team}/pages/${doomed}`,
      headers: bearer(owner),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await servedCampaign(third.campaignId)).toBeUndefined();
  });

  it('counts a form sign-up: 303 to the thank-you page, which carries the tracker', async () => {
    await publishedPage('thanks');
    const posted = await t.current.app.inject({
      method: 'POST',
      url: `/p/${team}/thanks/signup`,
      remoteAddress: '10.7.0.1',
      payload: 'email=form%40example.com&website=',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/p/${team}/thanks/thanks`);
    const thanks = await t.current.app.inject({ url: `/p/${team}/thanks/thanks` });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('Thank you!');
    const tracker = `https://app.example.com/api/tracker/${team}.js`;
    expect(thanks.body).toContain(`<script src="${tracker}" data-collect-key="`);
    expect(thanks.headers['content-security-policy']).toContain(`script-src ${tracker}`);
    expect((await t.current.app.inject({ url: `/p/${team}/nope/thanks` })).statusCode).toBe(404);
  });
});
