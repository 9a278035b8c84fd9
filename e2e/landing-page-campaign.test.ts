import { assignCampaigns, type BucketingCampaign, type LandingPageContent } from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { pickInPreview, previewFrame } from './support/preview-click';
import { DESKTOP_UA } from './support/tracker-visit';
import { createThroughReview, wizardStep } from './support/wizard-flow';

// Issue 18: "the published page is also a normal campaign URL, so elements, variants and goals
// work exactly as for any other page". From the page's screen into the campaign wizard, on the
// app's own address (loopback here), then a visitor sees the variant through the tracker.

const baseUrl = inject('baseUrl');

const CONTENT: LandingPageContent = {
  headline: 'Plan your whole week in five calm minutes',
  subheadline: 'Weekly is the planner for founders who are tired of juggling tools.',
  cta: { type: 'signup', label: 'Join the waitlist' },
  features: ['Pulls in your calendar', 'A weekly review in one tap', 'Private by default'],
  price: undefined,
};
const VARIANT = 'Your week, planned before your first coffee';
const HEADLINE = '.hero-copy h1';

describe('a published landing page as a campaign URL (issue 18)', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let pageUrl: string;
  let pageId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Carla Campaign', 'page-campaign'));
    team = await createTeamThroughUi(page, 'Page Campaigns');
    api = await Api.of(page, baseUrl);
    ({ id: pageId, url: pageUrl } = await api.call<{ id: number; url: string }>(
      'POST',
      `/team/${team}/pages`,
      { slug: 'weekly', content: CONTENT },
    ));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens the wizard on the page, writes a headline variant and a sign-up goal', async () => {
    const makeVariants = page.getByRole('link', { name: 'Make variants in the editor' });
    await page.goto(`/admin/${team}/pages/${pageId}`);
    await page.getByRole('heading', { name: CONTENT.headline }).waitFor();
    // Only a page on the web is a campaign URL.
    expect(await makeVariants.count()).toBe(0);
    await api.call('POST', `/team/${team}/pages/${pageId}/publish`);
    await page.reload();
    await makeVariants.waitFor();
    await shotAtBothSizes(page, 'landing-page-campaign-actions');
    await makeVariants.click();
    await page.waitForURL(/\/campaign\/new\?/);
    expect(new URL(page.url()).searchParams.get('url')).toBe(pageUrl);
    expect(new URL(pageUrl).hostname).toBe('127.0.0.1');

    // The live preview shows the page (rendered by the app itself, not fetched).
    const frame = previewFrame(page);
    await page.getByTestId('preview-status').getByText('Ready').waitFor();
    await frame.locator(HEADLINE).getByText(CONTENT.headline).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'How editing works' })
      .getByRole('button', { name: 'Start editing' })
      .click();
    await expect.poll(() => wizardStep(page)).toBe('EditElements');

    const editor = page.getByTestId('draft-editor');
    await pickInPreview(page, frame.locator(HEADLINE), editor);
    await page.getByLabel('Variant 1 text', { exact: true }).fill(VARIANT);
    await expect.poll(() => frame.locator(HEADLINE).textContent()).toBe(VARIANT);
    await shotAtBothSizes(page, 'landing-page-campaign-variant');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor.waitFor({ state: 'detached' });
    await page
      .getByTestId('element-side-menu')
      .getByRole('button', { name: 'Close', exact: true })
      .click();

    // The sign-up goal: a view of the page's thank-you address, also on the app's own origin.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => wizardStep(page)).toBe('EditGoals');
    await page.getByRole('button', { name: 'Add page view goal' }).click();
    await page.getByLabel('Page view URL').fill(`${pageUrl}/thanks`);
    await page.getByLabel('Page view URL').blur();
    expect(await page.getByTestId('goal-event-url').textContent()).toMatch(
      /^Counts visits to.*\/weekly\/thanks/,
    );
    await shotAtBothSizes(page, 'landing-page-campaign-goal');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => wizardStep(page)).toBe('CampaignTypeSelection');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel('Campaign name').fill('Weekly headline');
    await createThroughReview(page);
    await page.waitForURL(/\/campaign\/\d+$/);
    const campaignId = Number(/\/campaign\/(\d+)$/.exec(page.url())?.[1]);
    // The campaign's screen opens on it like on any other page's campaign.
    await page.getByTestId('campaign-page').getByText('Weekly headline').first().waitFor();

    const saved = await api.call<{
      ingestedUrl: string;
      isEnabled: boolean;
      elements: { selector: string; variants: { info: { value?: string } }[] }[];
      goals: { event: { url?: string } }[];
    }>('GET', `/team/${team}/campaign/by-id?id=${campaignId}`);
    expect(saved).toMatchObject({
      ingestedUrl: pageUrl,
      elements: [{ variants: [{ info: { value: VARIANT } }] }],
      goals: [{ event: { url: `${pageUrl}/thanks` } }],
    });
    if (!saved.isEnabled) {
      await api.call(
        'GET',
        `/team/${team}/campaign/update-enabled?id=${campaignId}&isEnabled=true`,
      );
    }
  });

  it('shows a visitor of the published page the variant through the tracker', async () => {
    const served = await fetch(`${baseUrl}/api/tracker/${team}/config.json`);
    const { campaigns } = (await served.json()) as { campaigns: BucketingCampaign[] };
    expect(campaigns).toHaveLength(1);
    const campaign = campaigns[0]!;
    const [element] = campaign.elements;
    // A visitor the public hash puts in the variant arm, pinned before the tracker runs.
    let visitorId = '';
    for (let i = 0; !visitorId; i += 1) {
      const arm = assignCampaigns(`page-visitor-${i}`, campaigns).get(campaign.id)?.[element!.id];
      if (arm === element!.variants[0]!.id) visitorId = `page-visitor-${i}`;
    }
    const context = await browser.newContext({ userAgent: DESKTOP_UA });
    await context.addInitScript((id) => localStorage.setItem('kindling.vid', id), visitorId);
    const visit = await context.newPage();
    const exposed = visit.waitForRequest(
      (request) =>
        request.url().endsWith('/api/collect') && (request.postData() ?? '').includes('"exposure"'),
    );
    await visit.goto(pageUrl);
    await exposed;
    expect(await visit.locator(HEADLINE).textContent()).toBe(VARIANT);
    await context.close();
  });
});
