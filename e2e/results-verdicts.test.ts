import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  SCREEN_SIZES,
  shot,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import {
  describeWithPostgres,
  startPostgresServer,
  type PostgresServer,
} from './support/postgres-server';

// Issue 29, "verdicts safe to act on": the results page shows the verdict the API returns,
// never one of its own. Each campaign's counts are written straight into the hourly rollups of
// a PostgreSQL server (as apps/server/test/stats-fixture.ts does), so every verdict below is the
// one the server's own tests work out by hand: control 5,000 visitors / 250 purchases against
// 5,000 / 300 is a fixed-horizon winner at an MDE of 50% and keeps a sequential test running.

const DAY_MS = 86_400_000;
/** How each arm's visitors spread over the campaign's six days: lines that move. */
const DAY_SHARES = [0.12, 0.15, 0.19, 0.16, 0.2, 0.18];
/** Purchases spread differently: each day's rate differs, as real ones do. */
const PURCHASE_SHARES = [0.09, 0.17, 0.2, 0.13, 0.22, 0.19];
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

interface ArmPlan {
  visitors: number;
  purchases: number;
  newsletter: number;
  refunds: number;
  /** What each purchase spends (revenue); 40 unless said. */
  price?: number;
}

interface Made {
  id: number;
  elementId: number;
  variantIds: number[];
  goals: { purchase: number; newsletter: number; refund: number };
}

describeWithPostgres('results page: the API verdict, figures, metrics and plan', () => {
  let server: PostgresServer;
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;

  /** A headline with `variants` (B paused when asked), a purchase funnel and two more metrics. */
  async function makeCampaign(
    name: string,
    { plan = {}, pauseB = false }: { plan?: object; pauseB?: boolean } = {},
  ): Promise<Made> {
    const { id } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name,
      description: 'Verdicts end-to-end',
      ingestedUrl: 'https://shop.example.com/landing',
      elements: [
        {
          id: -1,
          key: 'headline',
          selector: 'h1.hero',
          type: 'text',
          control: { info: { value: 'The desk lamp that follows your day' } },
          variants: [
            { id: -2, key: 'sun', type: 'text', info: { value: 'Light that moves with the sun' } },
            {
              id: -3,
              key: 'warm',
              type: 'text',
              isEnabled: !pauseB,
              info: { value: 'Warm light for long evenings' },
            },
          ].slice(0, pauseB ? 2 : 1),
        },
      ],
      goals: [
        {
          id: -10,
          isConversionGoal: true,
          event: {
            type: 2,
            name: 'Purchase',
            elements: [{ id: 'b', label: 'Buy', selector: '#buy' }],
          },
        },
        {
          id: -11,
          isConversionGoal: false,
          metricRole: 'secondary',
          event: {
            type: 2,
            name: 'Newsletter',
            elements: [{ id: 'n', label: 'Newsletter', selector: '#newsletter' }],
          },
        },
        {
          id: -12,
          isConversionGoal: false,
          metricRole: 'guardrail',
          lowerIsBetter: true,
          event: {
            type: 2,
            name: 'Refund',
            elements: [{ id: 'r', label: 'Refund', selector: '#refund' }],
          },
        },
      ],
      ...plan,
    });
    const campaign = await api.call<{
      elements: { id: number; variants: { id: number }[] }[];
      goals: { id: number; event: { name: string } }[];
    }>('GET', `/team/${team}/campaign/by-id?id=${id}`);
    const goal = (name: string) => campaign.goals.find((g) => g.event.name === name)!.id;
    return {
      id,
      elementId: campaign.elements[0]!.id,
      variantIds: campaign.elements[0]!.variants.map((variant) => variant.id),
      goals: { purchase: goal('Purchase'), newsletter: goal('Newsletter'), refund: goal('Refund') },
    };
  }

  /**
   * Backdates the campaign six days and writes each arm's counts (control first, arm 0) over
   * those days into the hourly rollups, as the collector would have folded them.
   */
  async function writeTraffic(made: Made, arms: ArmPlan[]): Promise<void> {
    const created = Date.now() - 6 * DAY_MS;
    const split = (total: number, shares = DAY_SHARES) => {
      const parts = shares.map((share) => Math.floor(total * share));
      parts[parts.length - 1]! += total - parts.reduce((sum, part) => sum + part, 0);
      return parts;
    };
    const rows: (number | Date)[][] = [];
    arms.forEach((arm, index) => {
      const armId = index === 0 ? 0 : made.variantIds[index - 1]!;
      const [visitors, purchases, newsletter, refunds] = [
        split(arm.visitors),
        split(arm.purchases, PURCHASE_SHARES),
        split(arm.newsletter),
        split(arm.refunds),
      ];
      DAY_SHARES.forEach((_share, day) => {
        const hour = new Date(
          Math.floor((created + day * DAY_MS) / 3_600_000) * 3_600_000 + 3_600_000,
        );
        const seen = visitors[day]!;
        const views = Math.round(seen * 1.2);
        const price = arm.price ?? 40;
        // exposures, visitors, sessions, goal sessions, goal visitors, conversions, revenue,
        // applied (the variant's change showed on every view), Σ revenue² over visitors (each
        // buyer bought once), Σ revenue·sessions and Σ sessions² (one session each)
        rows.push([
          hour,
          made.elementId,
          armId,
          0,
          views,
          seen,
          seen,
          0,
          0,
          0,
          purchases[day]! * price,
          armId === 0 ? 0 : views,
          purchases[day]! * price * price,
          purchases[day]! * price,
          seen,
        ]);
        const goal = (goalId: number, reached: number) =>
          rows.push([
            hour,
            made.elementId,
            armId,
            goalId,
            0,
            0,
            0,
            reached,
            reached,
            reached,
            0,
            0,
            reached,
            reached,
            0,
          ]);
        goal(made.goals.purchase, purchases[day]!);
        goal(made.goals.newsletter, newsletter[day]!);
        goal(made.goals.refund, refunds[day]!);
      });
    });
    // One transaction: the server's auto-stop job reads running campaigns' stats at any time
    // and keeps the sums of past (final) hours for good, so it must never see half of them.
    await server.db.query('begin');
    await server.db.query('update campaigns set created_at = $1 where id = $2', [
      new Date(created),
      made.id,
    ]);
    for (const row of rows) {
      await server.db.query(
        `insert into rollups_hourly (campaign_id, hour, element_id, arm, goal_id, shard, exposures,
           visitors, sessions, goal_sessions, goal_visitors, conversions, revenue, applied,
           value_squares, value_sessions, session_squares)
         values ($1, $2, $3, $4, $5, 0, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [made.id, ...row],
      );
    }
    await server.db.query('commit');
  }

  const arm = (visitors: number, purchases: number, refunds = 50): ArmPlan => ({
    visitors,
    purchases,
    newsletter: Math.round(visitors * 0.08),
    refunds,
  });
  const cells = async (row: string) =>
    (await page.getByTestId(`arm-${row}`).locator('th, td').allInnerTexts()).map((text) =>
      text.replace(/\s+/g, ' ').trim(),
    );
  const verdict = (made: Made) => page.getByTestId(`verdict-${made.elementId}`);
  async function open(made: Made): Promise<void> {
    await page.goto(`/admin/${team}/campaign/${made.id}`);
    await page.getByTestId('results-body').waitFor({ timeout: 20_000 });
    await poll(() => verdict(made).getAttribute('data-verdict')).not.toBeNull();
  }

  beforeAll(async () => {
    server = await startPostgresServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.baseUrl));
    await page.setViewportSize(SCREEN_SIZES.desktop);
    await signUpThroughUi(page, newPerson('Vera Verdict', 'verdicts'));
    team = await createTeamThroughUi(page, 'Verdict Lamps');
    api = await Api.of(page, server.baseUrl);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('with 10 visitors per arm shows no chance, uplift or verdict, only what is still needed', async () => {
    const few = await makeCampaign('Ten visitors');
    await writeTraffic(few, [
      { visitors: 10, purchases: 1, newsletter: 1, refunds: 0 },
      { visitors: 10, purchases: 3, newsletter: 0, refunds: 0 },
    ]);
    await open(few);
    expect(await verdict(few).getAttribute('data-verdict')).toBe('not_enough_data');
    // The API's sentence as it is, and the count it gives: 90 more in each of the two arms.
    expect(await page.getByTestId(`verdict-summary-${few.elementId}`).innerText()).toBe(
      'Not enough data yet: needs 180 more visitors (at least 100 in each version).',
    );
    expect(await page.getByTestId(`verdict-needs-${few.elementId}`).innerText()).toBe(
      'Needs 180 more visitors',
    );
    // No dialog to dismiss: a notice in the page.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('not-enough-data-notice').innerText()).toContain(
      'Not enough data yet',
    );
    const variant = await cells(String(few.variantIds[0]));
    expect(variant[4]).toBe('— needs 180 more visitors');
    const results = await page.getByTestId('results-body').innerText();
    expect(results).not.toMatch(/chance to beat the original \d/i);
    expect(results).not.toMatch(/[+-]\d+(\.\d)?% \([+-]?\d/);
    expect(await page.getByTestId('uplift').count()).toBe(0);
    expect(await page.getByTestId('uplift-figures').count()).toBe(0);
    expect(await page.getByTestId('headline-conversionsPerSession').innerText()).not.toMatch(
      /[+-]\d|Potential/,
    );
    // Every metric row waits too.
    const rows = page.getByTestId(`metrics-${few.elementId}`).locator('tbody tr[data-role]');
    expect(await rows.count()).toBe(3);
    for (const text of await rows.allInnerTexts())
      expect(text).toContain('needs 180 more visitors');
    await shotAtBothSizes(page, 'results-verdict-not-enough-data');
  });

  it('calls a winner, pauses a paused variant out and explains every figure', async () => {
    const winner = await makeCampaign('Winner', {
      plan: { statsMethod: 'fixed', minimumDetectableEffect: 0.5 },
      pauseB: true,
    });
    await writeTraffic(winner, [arm(5000, 250), arm(5000, 300)]);
    await open(winner);
    expect(await verdict(winner).getAttribute('data-verdict')).toBe('winner');
    expect(await page.getByTestId(`verdict-summary-${winner.elementId}`).innerText()).toBe(
      'Variant 1 converts 20% more often than the original (95% interval +2% to +41%). It is safe to ship.',
    );
    expect(await page.getByTestId(`verdict-method-${winner.elementId}`).innerText()).toBe(
      'Fixed horizon',
    );
    expect(await page.getByTestId('not-enough-data-notice').count()).toBe(0);
    const [a, b] = winner.variantIds;
    const sun = await cells(String(a));
    expect(sun.slice(0, 3)).toEqual(['Variant 1 Light that moves with the sun', '6,000', '5,000']);
    expect(sun[5]).toBe('Rendered for 100%');
    // One uplift column: the estimate and its 95% interval, better in green.
    // θ = ln 1.2, V = 0.95/250 + 0.94/300: e^(θ ± 1.96 √V) - 1 = +1.9% to +41.3%.
    expect(sun[4]).toBe('+20% (+1.9% to +41.3%)');
    expect(await page.getByTestId(`arm-${a}`).locator('[data-direction="better"]').count()).toBe(1);
    // Paused through the range: "Paused", no figures.
    expect((await cells(String(b))).slice(1, 6)).toEqual(['—', '—', '—', 'Paused', '—']);
    expect(await page.getByTestId(`arm-${b}`).getAttribute('data-paused')).toBe('true');

    // The figures behind the uplift, in its tooltip: p = 0.0286 (the server test's hand count).
    const figures = page
      .getByTestId(`arm-${a}`)
      .getByRole('button', { name: 'Figures for Variant 1' });
    // Opened by keyboard focus, which a full-page screenshot's resize does not take away.
    await figures.focus();
    const tip = page.getByRole('tooltip').filter({ hasText: 'p-value' });
    await tip.waitFor();
    expect((await tip.innerText()).replace(/\s+/g, ' ')).toMatch(
      /^p-value 0\.029 Adjusted p-value 0\.029 \(Holm\) Chance to beat the original 9\d%/,
    );
    await shot(page, 'results-verdict-figures-tooltip-desktop');
    await page.keyboard.press('Escape');
    await tip.waitFor({ state: 'hidden' });
    // Every number's header has help, read as the button's description.
    const help = page.getByRole('button', { name: 'About uplift' }).first();
    await help.focus();
    expect(await help.getAttribute('aria-describedby')).toBeTruthy();
    await page.getByRole('tooltip').filter({ hasText: 'primary goal' }).waitFor();
    await page.keyboard.press('Escape');

    // A row per metric: primary, secondary and the guardrail, labelled.
    const metricRows = page
      .getByTestId(`metrics-${winner.elementId}-${a}`)
      .locator('tr[data-role]');
    expect(
      await metricRows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-role'))),
    ).toEqual(['primary', 'secondary', 'guardrail']);
    const texts = (await metricRows.allInnerTexts()).map((text) =>
      text.replace(/\s+/g, ' ').trim(),
    );
    expect(texts[0]).toBe('Purchase Primary +20% (+1.9% to +41.3%) Better');
    expect(texts[2]).toMatch(/^Refund Guardrail lower is better [+-]?\d/);
    expect(await page.getByTestId(`metrics-${winner.elementId}-${b}`).count()).toBe(0);

    // The panel that says how to read all this opens on demand.
    const howTo = page.getByTestId('how-to-read');
    expect(await howTo.getAttribute('open')).toBeNull();
    await howTo.getByText('How to read these results').click();
    expect(await howTo.innerText()).toContain('Looking often is safe');
    expect(await howTo.innerText()).toContain('(here 50%)');
    await howTo.scrollIntoViewIfNeeded();
    await shot(page, 'results-verdict-how-to-read-desktop');

    // One line per arm, from the campaign's start: 7 days since it began six days ago. Variant
    // 2, paused throughout, has no line.
    const chart = page.getByTestId('metric-chart');
    expect(await chart.getAttribute('data-lines')).toBe('2');
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThanOrEqual(7);
    expect(Number(await chart.getAttribute('data-points'))).toBeLessThanOrEqual(8);
    expect(await page.getByLabel('Range').inputValue()).toBe('sinceStart');
    expect(await chart.locator('.recharts-line').count()).toBe(2);
    await howTo.getByText('How to read these results').click();
    await shotAtBothSizes(page, 'results-verdict-winner');
  });

  it('names the harmed guardrail and colours it worse, although lower is better', async () => {
    const harm = await makeCampaign('Guardrail harm', {
      plan: { statsMethod: 'fixed', minimumDetectableEffect: 0.5 },
    });
    await writeTraffic(harm, [arm(5000, 250, 50), arm(5000, 300, 150)]);
    await open(harm);
    expect(await verdict(harm).getAttribute('data-verdict')).toBe('guardrail_harm');
    expect(await page.getByTestId(`verdict-summary-${harm.elementId}`).innerText()).toMatch(
      /but it harms the guardrail Refund: Variant 1 converts 200% more often .* Do not ship it as it is\.$/,
    );
    const [a] = harm.variantIds;
    const refund = page.getByTestId(`metric-row-${a}-${harm.goals.refund}`);
    expect((await refund.innerText()).replace(/\s+/g, ' ')).toMatch(/\+200% .* Harmed$/);
    // Refunds up is worse for the business: red on the figure and the reading.
    expect(await refund.locator('[data-direction="worse"]').count()).toBe(2);
    await shotAtBothSizes(page, 'results-verdict-guardrail-harm');
  });

  it('holds back a winner that loses revenue per visitor, a guardrail of its own', async () => {
    const cheap = await makeCampaign('Cheaper sale', {
      plan: { statsMethod: 'fixed', minimumDetectableEffect: 0.5 },
    });
    const { metrics } = await api.call<{ metrics: { id: number }[] }>(
      'PUT',
      `/team/${team}/campaign/metrics`,
      { campaignId: cheap.id, metrics: [{ kind: 'revenue_per_visitor', role: 'guardrail' }] },
    );
    // More purchases (300 against 250), each far cheaper: revenue per visitor falls by 81%.
    await writeTraffic(cheap, [arm(5000, 250, 50), { ...arm(5000, 300, 50), price: 9 }]);
    await open(cheap);
    expect(await verdict(cheap).getAttribute('data-verdict')).toBe('guardrail_harm');
    expect(await page.getByTestId(`verdict-summary-${cheap.elementId}`).innerText()).toMatch(
      /but it harms the guardrail Revenue per visitor: Variant 1 scores 73% less than the original on Revenue per visitor .* Do not ship it as it is\.$/,
    );
    const [a] = cheap.variantIds;
    const revenue = page.getByTestId(`metric-row-${a}-m${metrics[0]!.id}`);
    expect((await revenue.innerText()).replace(/\s+/g, ' ')).toMatch(
      /^Revenue per visitor.*-73% .* Harmed$/,
    );
    // The campaign's contents name it beside the goals.
    await page
      .getByTestId('campaign-contents')
      .getByRole('listitem', { name: 'Revenue per visitor' })
      .getByText('Guardrail', { exact: true })
      .waitFor();
    await shotAtBothSizes(page, 'results-verdict-revenue-guardrail');
  });

  it('says the split is broken (SRM) before anything else', async () => {
    const srm = await makeCampaign('Sample ratio mismatch');
    await writeTraffic(srm, [arm(5000, 250), arm(4000, 300)]);
    await open(srm);
    expect(await verdict(srm).getAttribute('data-verdict')).toBe('sample_ratio_mismatch');
    expect(await page.getByTestId(`verdict-summary-${srm.elementId}`).innerText()).toContain(
      'sample ratio mismatch',
    );
    // Nothing can be trusted: no figure reads better or worse.
    expect(await page.locator('[data-direction]').count()).toBe(0);
    const [a] = srm.variantIds;
    expect(await page.getByTestId(`metric-row-${a}-${srm.goals.purchase}`).innerText()).toContain(
      'Not trusted (sample ratio mismatch)',
    );
    await shotAtBothSizes(page, 'results-verdict-srm');
  });

  it('keeps an always-valid test running, with its plan', async () => {
    const running = await makeCampaign('Still running');
    await writeTraffic(running, [arm(5000, 250), arm(5000, 300)]);
    await open(running);
    expect(await verdict(running).getAttribute('data-verdict')).toBe('keep_running');
    expect(await page.getByTestId(`verdict-summary-${running.elementId}`).innerText()).toMatch(
      /^Keep running: no clear difference yet \(\d+% of the planned visitors\)\.$/,
    );
    expect(await page.getByTestId(`verdict-method-${running.elementId}`).innerText()).toBe(
      'Always-valid',
    );
    expect(await page.getByTestId(`sample-size-${running.elementId}`).innerText()).toMatch(
      /^Planned: [\d,]+ visitors per arm to detect a 10% change; the smallest arm has 5,000 \(about [\d,]+ more days? at the current traffic\)\.$/,
    );
    await shotAtBothSizes(page, 'results-verdict-keep-running');
    // On a phone the figures open with a tap (a click here), inside the screen.
    try {
      await page.setViewportSize(SCREEN_SIZES.phone);
      const [a] = running.variantIds;
      await page
        .getByTestId(`arm-${a}`)
        .getByRole('button', { name: 'Figures for Variant 1' })
        .click();
      const tip = page.getByRole('tooltip').filter({ hasText: 'p-value' });
      await tip.waitFor();
      const box = (await tip.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(SCREEN_SIZES.phone.width);
      await shot(page, 'results-verdict-figures-tooltip-phone');
    } finally {
      await page.setViewportSize(SCREEN_SIZES.desktop);
    }
  });
});
