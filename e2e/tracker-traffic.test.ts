import {
  assignCampaigns,
  TRACKER_SESSION_MS,
  type Arm,
  type Assignment,
  type BucketingCampaign,
  type CampaignCounts,
} from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FixtureServer } from './support/fixture-server';
import { newPerson, shotAtBothSizes, signUpWithTeam, type Api } from './support/flows';
import {
  framesOf,
  launchShopBrowser,
  sent,
  sentEverything,
  shopUrlOf,
  startTaggedShop,
  visitShop,
  type Posted,
} from './support/tracker-visit';
import {
  countVisitors,
  type ArmRow,
  type CampaignIds,
  type GoalRow,
  type Step,
} from './support/traffic-model';

// Issue "done when": 200 visitors on a page that carries the snippet, each a fresh browser
// with its own random visitor id; the split follows the allocation, variants show at first
// paint, goals are clicked, and the rollups equal what the visitors did, exactly.

const baseUrl = inject('baseUrl');
const VISITORS = 200;
/** Visitors at a time, each in its own context of one browser: the machine has 2 cores. */
const CONCURRENT = 5;
const ALLOCATION = 80;
/** How far a split may stray, in binomial standard deviations: by chance ~1 in 16,000 runs. */
const SIGMAS = 4;
/** page-runtime's HIDE_TIMEOUT_MS: after it, hidden elements show whatever happened. */
const HIDE_TIMEOUT_MS = 1000;
/**
 * Every 20th visitor's config is held 1.5 s, past the anti-flicker timeout: the visitor sees
 * the original, and the exposure says missed.
 */
const isSlow = (index: number) => index % 20 === 10;
const SLOW_CONFIG_MS = 1500;

const TEXT = {
  headline: {
    control: 'The desk lamp that follows your day',
    sun: 'Light that moves with the sun',
    warm: 'Warm light for long evenings',
    paused: 'A paused variant no visitor sees',
  },
  lead: {
    control:
      'Warm in the evening, bright when you focus: Lumen changes colour temperature with the sun, all by itself.',
    short: 'One dial, no app: Lumen sets its own colour all day.',
  },
} as const;

const textVariant = (id: number, key: string, value: string, isEnabled = true) => ({
  id,
  key,
  type: 'text',
  isEnabled,
  info: { value },
});
const clickGoal = (id: number, name: string, selector: string, isConversionGoal: boolean) => ({
  id,
  isConversionGoal,
  event: { type: 2, name, elements: [{ id: name, label: name, selector }] },
});

/**
 * What visitor `index` does. Every script starts with a page view; the funnel is "looked at
 * the features", then "bought" (the conversion goal).
 */
const SCRIPTS: Step[][] = [
  ['view'],
  // The same goal twice in a session counts once.
  ['view', 'features', 'features'],
  // The funnel in order: a conversion, and revenue.
  ['view', 'features', 'buy', { revenue: 89 }],
  // Out of order: both goals reached, no conversion.
  ['view', 'buy', 'features'],
  // In order over two page views of one session: a conversion.
  ['view', 'features', 'reload', 'buy', { revenue: 19.25 }],
  // Split over two sessions: no conversion; the visitor counts once, the sessions twice.
  ['view', 'features', 'comeBackLater', 'buy', { revenue: 12.5 }],
];

const SELECTORS = { features: 'a[href="#features"]', buy: '#buy' } as const;

interface ViewSeen {
  headline: string | undefined;
  lead: string | undefined;
  /**
   * The hidden elements showed first at or after the anti-flicker timeout: the config came
   * late (a loaded machine), and the tracker rightly shows the original and reports it missed.
   */
  late: boolean;
}

/** What one visitor did and what the page showed and posted. */
interface VisitorLog {
  index: number;
  visitorId: string;
  /** The public hash's assignment, computed here; undefined outside the allocation. */
  expected: Assignment | undefined;
  steps: Step[];
  /** Per page view: the text of the first frame that showed the headline and the lead. */
  firstShown: ViewSeen[];
  posted: Posted[];
  requested: number;
  /** Whether the tracker keeps a session for the visitor: only once it built an event. */
  hasSession: boolean;
  /** Its config came after the anti-flicker timeout (isSlow). */
  slow: boolean;
}

describe('the tracker under 200 visitors', () => {
  let browser: Browser;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let pageUrl: string;
  let ids: CampaignIds;
  let campaigns: BucketingCampaign[];
  /** Arm -> the text each element shows in it. */
  let textOf: Map<number | 'control', string>;

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ api, team } = await signUpWithTeam(baseUrl, {
      person: newPerson('Traffic Tester', 'traffic'),
      teamName: 'Lumen Traffic',
    }));
    fixtures = await startTaggedShop(api, team);
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');

    const { id: campaignId } = await api.call<{ id: number }>(
      'POST',
      `/team/${team}/campaign/create`,
      {
        name: 'Headline and lead',
        description: 'Traffic end-to-end',
        ingestedUrl: pageUrl,
        isEnabled: true,
        trafficAllocation: ALLOCATION,
        elements: [
          {
            id: -1,
            key: 'headline',
            selector: 'h1',
            type: 'text',
            control: { info: { value: TEXT.headline.control } },
            variants: [
              textVariant(-2, 'sun', TEXT.headline.sun),
              textVariant(-3, 'warm', TEXT.headline.warm),
              textVariant(-4, 'paused', TEXT.headline.paused, false),
            ],
          },
          {
            id: -5,
            key: 'lead',
            selector: '.lead',
            type: 'text',
            control: { info: { value: TEXT.lead.control } },
            variants: [textVariant(-6, 'short', TEXT.lead.short)],
          },
        ],
        goals: [
          clickGoal(-7, 'Features', SELECTORS.features, false),
          clickGoal(-8, 'Buy', SELECTORS.buy, true),
        ],
      },
    );
    const campaign = await api.call<{
      elements: { id: number; key: string; variants: { id: number; key: string }[] }[];
      goals: { id: number; event: { name: string } }[];
    }>('GET', `/team/${team}/campaign/by-id?id=${campaignId}`);
    const element = (key: string) => campaign.elements.find((found) => found.key === key)!;
    const variant = (elementKey: string, key: string) =>
      element(elementKey).variants.find((found) => found.key === key)!.id;
    const goal = (name: string) => campaign.goals.find((found) => found.event.name === name)!.id;
    ids = {
      campaignId,
      headline: element('headline').id,
      lead: element('lead').id,
      goals: { features: goal('Features'), buy: goal('Buy') },
    };
    textOf = new Map<number | 'control', string>([
      [variant('headline', 'sun'), TEXT.headline.sun],
      [variant('headline', 'warm'), TEXT.headline.warm],
      [variant('headline', 'paused'), TEXT.headline.paused],
      [variant('lead', 'short'), TEXT.lead.short],
    ]);

    // What visitors' trackers receive; the paused variant is not served.
    const config = (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
      campaigns: BucketingCampaign[];
    };
    campaigns = config.campaigns;
    expect(campaigns).toMatchObject([
      {
        id: campaignId,
        trafficAllocation: ALLOCATION,
        elements: [
          {
            id: ids.headline,
            variants: [{ id: variant('headline', 'sun') }, { id: variant('headline', 'warm') }],
          },
          { id: ids.lead, variants: [{ id: variant('lead', 'short') }] },
        ],
      },
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  /**
   * Waits until the tracker has handled the current page view: the config arrived, the
   * anti-flicker hiding is over, and the page view is recorded (for a visitor in the campaign,
   * in this document). Not until its exposure is answered: goals clicked at once then ride in
   * the exposure's batch or the next, as a quick visitor's do.
   */
  async function pageViewHandled(page: Page, inCampaign: number | undefined): Promise<void> {
    await expect
      .poll(
        () =>
          page.evaluate((campaignId) => {
            const seen = JSON.parse(localStorage.getItem('kindling.seen') ?? 'null') as Record<
              string,
              number
            > | null;
            const frames = (window as unknown as { __frames: { h1?: { visible: boolean } }[] })
              .__frames;
            return (
              document.readyState !== 'loading' &&
              seen !== null &&
              (campaignId === undefined || (seen[campaignId] ?? 0) >= performance.timeOrigin) &&
              performance
                .getEntriesByType('resource')
                .some((entry) => entry.name.endsWith('/config.json')) &&
              frames.some((frame) => frame.h1?.visible)
            );
          }, inCampaign),
        { timeout: 15_000, interval: 50 },
      )
      .toBe(true);
  }

  async function firstShown(page: Page): Promise<ViewSeen> {
    const frames = await framesOf(page);
    // The anti-flicker timer starts when the tracker script runs, after it has arrived.
    const scriptEnd = await page.evaluate(
      () =>
        (
          performance
            .getEntriesByType('resource')
            .find((entry) =>
              /\/api\/tracker\/[^/]+\.js$/.test(entry.name),
            ) as PerformanceResourceTiming
        ).responseEnd,
    );
    const headline = frames.find((frame) => frame.h1?.visible);
    const lead = frames.find((frame) => frame.lead?.visible);
    const revealed = Math.min(headline?.t ?? Infinity, lead?.t ?? Infinity);
    return {
      headline: headline?.h1?.text,
      lead: lead?.lead?.text,
      late: revealed >= scriptEnd + HIDE_TIMEOUT_MS,
    };
  }

  /** Moves the session's last activity back past the session timeout: a visit hours later. */
  const leaveForAnHour = (page: Page) =>
    page.evaluate((sessionMs) => {
      const stored = localStorage.getItem('kindling.sid');
      if (!stored) return;
      const session = JSON.parse(stored) as { id: string; last: number };
      localStorage.setItem(
        'kindling.sid',
        JSON.stringify({ ...session, last: Date.now() - 2 * sessionMs }),
      );
    }, TRACKER_SESSION_MS);

  let screenshotTaken = false;

  async function runVisitor(index: number): Promise<VisitorLog> {
    const steps = SCRIPTS[index % SCRIPTS.length]!;
    const slow = isSlow(index);
    const visit = await visitShop(browser, pageUrl, {
      delayConfigMs: slow ? SLOW_CONFIG_MS : undefined,
    });
    const { page } = visit;
    try {
      // The tracker drew the id at random and stored it before the page finished loading.
      const visitorId = (await page.evaluate(() => localStorage.getItem('kindling.vid')))!;
      const expected = assignCampaigns(visitorId, campaigns).get(ids.campaignId);
      const log: VisitorLog = {
        index,
        visitorId,
        expected,
        steps,
        firstShown: [],
        posted: [],
        requested: 0,
        hasSession: false,
        slow,
      };
      let pageViews = 0;
      /**
       * Everything this visitor's pages did is answered. The exposure goes once the page
       * settled, up to a second later (a slow visitor's elements were seen before the variant
       * could apply), so until then the queue may be empty with the exposure still to come.
       */
      const allSent = async () => {
        const exposures = expected ? pageViews : 0;
        await expect
          .poll(() => sent(visit.posted, 'exposure').length, { timeout: 15_000 })
          .toBe(exposures);
        await sentEverything(visit);
      };
      for (const step of steps) {
        if (step === 'reload' || step === 'comeBackLater') {
          await allSent();
          if (step === 'comeBackLater') await leaveForAnHour(page);
          await page.reload();
        }
        if (step === 'view' || step === 'reload' || step === 'comeBackLater') {
          pageViews += 1;
          await pageViewHandled(page, expected && ids.campaignId);
          log.firstShown.push(await firstShown(page));
        } else if (step === 'features' || step === 'buy') {
          await page.locator(SELECTORS[step]).click();
        } else {
          await page.evaluate(
            (amount) =>
              (window as unknown as { kindling(name: string, value: number): void }).kindling(
                'revenue',
                amount,
              ),
            step.revenue,
          );
        }
      }
      await allSent();
      const allVariants = expected && Object.values(expected).every((arm) => arm !== 'control');
      if (allVariants && !screenshotTaken) {
        screenshotTaken = true;
        await shotAtBothSizes(page, 'tracker-traffic-variant');
      }
      log.posted = [...visit.posted];
      log.requested = visit.requested();
      log.hasSession = await page.evaluate(() => localStorage.getItem('kindling.sid') !== null);
      return log;
    } finally {
      await visit.context.close();
    }
  }

  it('splits 200 visitors by the allocation, shows variants at first paint, counts exactly', async () => {
    const started = Date.now();
    const logs: VisitorLog[] = [];
    let next = 0;
    let failed = false;
    await Promise.all(
      Array.from({ length: CONCURRENT }, async () => {
        while (next < VISITORS && !failed) {
          const index = next++;
          try {
            logs.push(await runVisitor(index));
          } catch (error) {
            failed = true;
            throw error;
          }
        }
      }),
    );
    logs.sort((a, b) => a.index - b.index);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    // Every visitor: assigned what the public hash says, shown it from the first frame, and
    // posted exactly what it did (or nothing, outside the allocation), all taken by the server.
    expect(logs.map(observed)).toEqual(logs.map(predicted));

    // The split: in the campaign by the allocation; each element's arms evenly among those in.
    const share = (count: number, p: number) => {
      const sigma = Math.sqrt(VISITORS * p * (1 - p));
      return Math.abs(count - VISITORS * p) <= SIGMAS * sigma;
    };
    const inside = logs.filter((log) => log.expected);
    const armCount = (elementId: number, arm: Arm) =>
      inside.filter((log) => log.expected![elementId] === arm).length;
    const armsOf = (index: number): Arm[] => [
      'control',
      ...campaigns[0]!.elements[index]!.variants.map((variant) => variant.id),
    ];
    const headlineArms = armsOf(0);
    const leadArms = armsOf(1);
    const split = {
      inside: inside.length,
      headline: headlineArms.map((arm) => armCount(ids.headline, arm)),
      lead: leadArms.map((arm) => armCount(ids.lead, arm)),
    };
    console.info(`${VISITORS} visitors in ${seconds} s; split ${JSON.stringify(split)}`);
    const allocated = ALLOCATION / 100;
    expect(
      {
        inside: share(split.inside, allocated),
        headline: split.headline.map((count) => share(count, allocated / headlineArms.length)),
        lead: split.lead.map((count) => share(count, allocated / leadArms.length)),
      },
      JSON.stringify(split),
    ).toEqual({
      inside: true,
      headline: headlineArms.map(() => true),
      lead: leadArms.map(() => true),
    });

    // The rollups: what the visitors did, counted here from their scripts, exactly.
    const counts = await api.call<CampaignCounts>(
      'GET',
      `/team/${team}/tracker/counts?campaignId=${ids.campaignId}`,
    );
    const expectedCounts = countVisitors(
      ids,
      inside.map((log) => ({
        assignment: log.expected!,
        steps: log.steps,
        missed: missedChanges(log),
      })),
    );
    // Beside the slow visitors, a loaded machine may delay a few configs past the timeout; most
    // variant views must show the variant from their first frame.
    const missedViews = (logs: VisitorLog[]) =>
      logs.flatMap((log) => missedChanges(log).filter((missed) => missed.size > 0)).length;
    const lateAnyway = missedViews(inside.filter((log) => !log.slow));
    console.info(`page views missed: ${lateAnyway} late by chance`);
    expect(lateAnyway).toBeLessThanOrEqual(inside.length / 10);
    expect(missedViews(inside.filter((log) => log.slow))).toBeGreaterThan(0);
    expect(inside.filter((log) => !originalMissesExplained(log)).map((log) => log.index)).toEqual(
      [],
    );
    // Not a vacuous match: every kind of count is there to compare.
    expect(expectedCounts.goals.filter((row) => row.conversions > 0)).toHaveLength(
      headlineArms.length + leadArms.length,
    );
    expect(expectedCounts.arms.every((row) => row.revenue > 0 && row.sessions > row.visitors)).toBe(
      true,
    );
    expect(counts.campaignId).toBe(ids.campaignId);
    // Timing is the browser's: a median flicker time for every arm whose change showed.
    for (const { medianAppliedMs, applied } of counts.arms) {
      if (applied === 0) expect(medianAppliedMs).toBeNull();
      else expect(medianAppliedMs).toBeGreaterThanOrEqual(0);
    }
    const arms: ArmRow[] = counts.arms.map(({ medianAppliedMs: _timing, ...counted }) => counted);
    expect(sortCounts({ arms, goals: counts.goals })).toEqual(sortCounts(expectedCounts));
  }, 600_000);

  /** What a visitor's page showed and posted, in the shape `predicted` answers. */
  /**
   * Per page view: the elements whose variant the visitor did not see. A slow visitor's, all;
   * another's only when the view came late anyway.
   */
  function missedChanges(log: VisitorLog): Set<number>[] {
    // The original's elements are tracked too (issue 31): the page cannot show whether one was
    // found in time, so its report is read from what the tracker sent (checked below to say
    // missed only where the view was slow or late).
    const reported = sent(log.posted, 'exposure').map(
      (event) => event.applied as Record<string, number | null>,
    );
    return log.firstShown.map((view, at) => {
      const missed = new Set<number>();
      for (const [elementId, text, original] of [
        [ids.headline, view.headline, TEXT.headline.control],
        [ids.lead, view.lead, TEXT.lead.control],
      ] as const) {
        const arm = log.expected?.[elementId] ?? 'control';
        const late = log.slow || view.late;
        if (arm === 'control' ? reported[at]?.[elementId] === null : late && text === original) {
          missed.add(elementId);
        }
        if (arm !== 'control' && log.slow) missed.add(elementId);
      }
      return missed;
    });
  }

  /** The original's elements said missed only on a slow or late view, and on every slow one. */
  function originalMissesExplained(log: VisitorLog): boolean {
    return missedChanges(log).every((missed, at) =>
      [ids.headline, ids.lead].every((elementId) => {
        if (log.expected?.[elementId] !== 'control') return true;
        if (log.slow) return missed.has(elementId);
        return !missed.has(elementId) || log.firstShown[at]!.late;
      }),
    );
  }

  function textShown(assignment: Assignment | undefined, elementId: number, missed: Set<number>) {
    const arm = assignment?.[elementId] ?? 'control';
    const original = elementId === ids.headline ? TEXT.headline.control : TEXT.lead.control;
    return arm === 'control' || missed.has(elementId) ? original : textOf.get(arm);
  }

  function observed(log: VisitorLog) {
    const sessions: string[] = [];
    const sessionNumber = (event: Record<string, unknown>) => {
      const id = event.sessionId as string;
      if (!sessions.includes(id)) sessions.push(id);
      return sessions.indexOf(id);
    };
    const events = log.posted.flatMap((post) => post.events);
    return {
      index: log.index,
      firstShown: log.firstShown.map(({ headline, lead }) => ({ headline, lead })),
      exposures: sent(log.posted, 'exposure').map((event) => ({
        campaignId: event.campaignId,
        visitorId: event.visitorId,
        session: sessionNumber(event),
        assignments: event.assignments,
        applied: Object.fromEntries(
          Object.entries(event.applied as Record<string, number | null>).map(
            ([id, ms]): [string, string] => [id, ms === null ? 'missed' : 'applied'],
          ),
        ),
      })),
      goals: sent(log.posted, 'goal').map((event) => ({
        visitorId: event.visitorId,
        goalId: event.goalId,
        session: sessionNumber(event),
      })),
      revenue: sent(log.posted, 'revenue').map((event) => event.amount),
      otherCampaigns: events.filter((event) => event.campaignId !== ids.campaignId).length,
      answers: log.posted.map((post) => [post.status, post.answer]),
      requested: log.requested,
      hasSession: log.hasSession,
    };
  }

  /**
   * What the visitor should have seen and posted, from its script and the public hash. Each
   * variant shows from the first frame, unless the view was late: then the original may show,
   * and the exposure must say missed.
   */
  function predicted(log: VisitorLog): ReturnType<typeof observed> {
    const assignment = log.expected;
    let session = 0;
    const sessionOf: number[] = [];
    for (const step of log.steps) {
      if (step === 'comeBackLater') session += 1;
      sessionOf.push(session);
    }
    const views = log.steps.flatMap((step, at) =>
      step === 'view' || step === 'reload' || step === 'comeBackLater' ? [sessionOf[at]!] : [],
    );
    const wire = assignment && Object.fromEntries(Object.entries(assignment));
    const shown = missedChanges(log).map((missed) => ({
      headline: textShown(log.expected, ids.headline, missed),
      lead: textShown(log.expected, ids.lead, missed),
      applied: Object.fromEntries(
        Object.keys(assignment ?? {}).map((id) => [
          id,
          missed.has(Number(id)) ? 'missed' : 'applied',
        ]),
      ),
    }));
    return {
      index: log.index,
      firstShown: shown.map(({ headline, lead }) => ({ headline, lead })),
      exposures: assignment
        ? views.map((viewSession, view) => ({
            campaignId: ids.campaignId,
            visitorId: log.visitorId,
            session: viewSession,
            assignments: wire,
            applied: shown[view]!.applied,
          }))
        : [],
      goals: assignment
        ? log.steps.flatMap((step, at) =>
            step === 'features' || step === 'buy'
              ? [{ visitorId: log.visitorId, goalId: ids.goals[step], session: sessionOf[at]! }]
              : [],
          )
        : [],
      revenue: assignment
        ? log.steps.flatMap((step) => (typeof step === 'object' ? [step.revenue] : []))
        : [],
      otherCampaigns: 0,
      answers: log.posted.map((post) => [202, { accepted: post.events.length, duplicates: 0 }]),
      requested: assignment ? log.posted.length : 0,
      hasSession: assignment !== undefined,
    };
  }
});

const byKey = (a: GoalRow | ArmRow, b: GoalRow | ArmRow) =>
  a.elementId - b.elementId ||
  (a.variantId ?? 0) - (b.variantId ?? 0) ||
  ('goalId' in a && 'goalId' in b ? a.goalId - b.goalId : 0);

function sortCounts({ arms, goals }: { arms: ArmRow[]; goals: GoalRow[] }) {
  return { arms: [...arms].sort(byKey), goals: [...goals].sort(byKey) };
}
