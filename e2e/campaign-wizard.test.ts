import path from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { clickInPreview, pickInPreview, previewFrame } from './support/preview-click';
import { fixtureUrlOf, routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shot,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { createThroughReview } from './support/wizard-flow';

const baseUrl = inject('baseUrl');
const DUPLICATE =
  'You have a duplicate variant. Please change an attribute or delete the duplicate variant to continue.';
const RED_LAMP = path.resolve('e2e/fixtures/lamp-red.png');
/** The fixture's headline: its text's first 40 characters are its fingerprint's. */
const HEADLINE_TEXT = 'Ship product updates your customers actu';
const HEADLINE_LABEL = 'Heading “Ship product updates your…”';

interface SavedVariant {
  id: number;
  isEnabled: boolean;
  type: 'text' | 'image';
  info: { value?: string; src?: string; styles?: { type: string; value: unknown }[] };
}
interface SavedCampaign {
  id: number;
  name: string;
  description: string | null;
  type: string;
  trafficAllocation: number;
  exclusiveAudienceMode: boolean;
  ingestedUrl: string;
  thumbnail: { small: string; large: string } | null;
  meta: { linkedElements?: boolean };
  elements: {
    id: number;
    selector: string;
    fingerprint?: { tag: string; text?: string };
    type: string;
    variants: SavedVariant[];
  }[];
  goals: { isConversionGoal: boolean; event: { type: number; name: string; url?: string } }[];
}

describe('campaign wizard', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let campaignId: number;

  const frame = (): FrameLocator => previewFrame(page);
  const wizard = () => page.getByTestId('campaign-wizard');
  const step = () => wizard().getAttribute('data-step');
  const sideMenu = () => page.getByTestId('element-side-menu');
  const editor = () => page.getByTestId('draft-editor');
  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
  const load = (id: number) =>
    api.call<SavedCampaign>('GET', `/team/${team}/campaign/by-id?id=${id}`);
  const ready = () => page.getByTestId('preview-status').getByText('Ready').waitFor();

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await routeFixtureHost(page, fixtures, ['/api/team/*/campaign/is-image']);
    await signUpThroughUi(page, newPerson('Wizard Tester', 'wizard'));
    team = await createTeamThroughUi(page, 'Wizard Team');
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('chooses a page, and Start Over asks first and forgets it', async () => {
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await page.waitForURL(/\/campaign\/new/);
    expect(await step()).toBe('ChooseURL');
    await page.getByRole('button', { name: 'Open page' }).click();
    await page.getByText('Please enter a URL').waitFor();
    await page.getByLabel('Page URL', { exact: true }).fill('not a url');
    await page.getByRole('button', { name: 'Open page' }).click();
    await page.getByText('Please check that you have entered a valid URL').waitFor();
    await shot(page, 'wizard-01-choose-url-error');

    const url = fixtureUrlOf(fixtures, 'saas-landing.html');
    await page.getByLabel('Page URL', { exact: true }).fill(url);
    await page.getByRole('button', { name: 'Open page' }).click();
    await expect.poll(step).toBe('ClosePopups');
    expect(new URL(page.url()).searchParams.get('url')).toBe(url);
    await ready();

    await page.getByRole('button', { name: /Choose page/ }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('Start Over?').waitFor();
    await dialog
      .getByText(
        "Are you sure you want to go back to the first step? You'll have to input your URL again and start over.",
      )
      .waitFor();
    await shot(page, 'wizard-02-start-over');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(step).toBe('ChooseURL');
    expect(new URL(page.url()).searchParams.get('url')).toBeNull();
    expect(await page.getByLabel('Page URL', { exact: true }).inputValue()).toBe('');
  });

  it('closes the pop-up in the preview and takes a screenshot', async () => {
    const url = fixtureUrlOf(fixtures, 'saas-landing.html');
    await page.getByLabel('Page URL', { exact: true }).fill(url);
    await page.getByRole('button', { name: 'Open page' }).click();
    await expect.poll(step).toBe('ClosePopups');
    await ready();
    await frame().locator('#newsletter.open').waitFor();
    await clickInPreview(page, frame().getByRole('button', { name: 'Close newsletter' }));
    await frame().locator('#newsletter.open').waitFor({ state: 'detached' });
    await page.getByRole('img', { name: /Screenshot of/ }).waitFor({ timeout: 60_000 });
    await shot(page, 'wizard-03-close-popups');
  });

  it('shows the mode help on the first visit to EditElements instead of advancing', async () => {
    await next();
    const help = page.getByRole('dialog', { name: 'How editing works' });
    await help.waitFor();
    expect(await step()).toBe('ClosePopups');
    await shot(page, 'wizard-04-mode-help');
    await help.getByRole('button', { name: 'Start editing' }).click();
    await expect.poll(step).toBe('EditElements');
  });

  it('picks the headline and writes two text variants, one with a style', async () => {
    await pickInPreview(page, frame().locator('h1'), editor());
    // The panel names the element as people see it; the selector is there, small and muted.
    await sideMenu().getByRole('heading', { name: HEADLINE_LABEL, exact: true }).waitFor();
    const selector = sideMenu().getByText('h1', { exact: true });
    expect(await selector.evaluate((code) => getComputedStyle(code).fontSize)).toBe('12px');
    await shotAtBothSizes(page, 'wizard-06b-element-label');
    await page.getByLabel('Variant 1 text', { exact: true }).fill('Release notes people love');
    await expect.poll(() => frame().locator('h1').textContent()).toBe('Release notes people love');

    await page.getByRole('button', { name: 'Add another variant' }).click();
    // An identical second variant is refused with the spec's message, and focused.
    await page.getByLabel('Variant 2 text', { exact: true }).fill('Release notes people love');
    await page.getByRole('button', { name: 'Save variants' }).click();
    // Both drafts are new and equal, so each is marked with the one it equals.
    await editor()
      .getByText(`${DUPLICATE} It equals variant 2 in this editor.`, { exact: true })
      .waitFor();
    await editor()
      .getByText(`${DUPLICATE} It equals variant 1 in this editor.`, { exact: true })
      .waitFor();
    await shot(page, 'wizard-05-duplicate');
    await page.getByRole('button', { name: 'Add text colour' }).nth(1).click();
    await page.getByLabel('Text colour', { exact: true }).fill('#c2410c');
    await expect.poll(() => editor().getByText(DUPLICATE).count()).toBe(0);
    await expect
      .poll(() =>
        frame()
          .locator('h1')
          .evaluate((h1) => getComputedStyle(h1).color),
      )
      .toBe('rgb(194, 65, 12)');
    await shot(page, 'wizard-06-styled-variant');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor().waitFor({ state: 'detached' });
    await expect.poll(() => sideMenu().getByTestId('variant-row').count()).toBe(2);
    await shot(page, 'wizard-07-headline-variants');
    await sideMenu().getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('picks the button and the image; the image variant is an upload', async () => {
    await clickInPreview(page, frame().locator('#cta-start'));
    await page.getByLabel('Variant 1 text', { exact: true }).fill('Start your free trial today');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor().waitFor({ state: 'detached' });
    await sideMenu().getByRole('button', { name: 'Close', exact: true }).click();

    await clickInPreview(page, frame().locator('img.hero-shot'));
    await editor().waitFor();
    await page.getByLabel('Upload images').setInputFiles(RED_LAMP);
    await page.getByRole('img', { name: 'Variant 1 image' }).waitFor();
    await expect
      .poll(() => frame().locator('img.hero-shot').getAttribute('src'))
      .toMatch(/\/api\/files\/uploads\//);
    await shot(page, 'wizard-08-image-upload');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor().waitFor({ state: 'detached' });
    await sideMenu().getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => page.getByTestId('element-card').count()).toBe(3);
    await shot(page, 'wizard-09-elements');
  });

  it('builds a funnel of a click goal and a page-view goal, reorders and confirms it', async () => {
    // The button's variant, just saved, is what the preview shows until goals are edited.
    expect(await frame().locator('#cta-start').textContent()).toBe('Start your free trial today');
    await next();
    await expect.poll(step).toBe('EditGoals');
    // Goals are defined against the original page: the button's variant is taken off.
    await expect.poll(() => frame().locator('#cta-start').textContent()).toBe('Start free trial');
    await page.getByRole('button', { name: 'Add click goal' }).click();
    await clickInPreview(page, frame().locator('#cta-start'));
    await page.getByTestId('goal-card').getByText('#cta-start').waitFor();
    await page.getByTestId('goal-card').getByText('Start free trial', { exact: true }).waitFor();
    expect(
      await page.getByTestId('goal-card').getByText('Start your free trial today').count(),
    ).toBe(0);
    expect(await page.getByTestId('goal-event-url').textContent()).toMatch(
      /^Counts clicks on.*saas-landing\.html/,
    );

    await page.getByRole('button', { name: 'Add page view goal' }).click();
    const thanks = fixtureUrlOf(fixtures, 'thanks.html');
    await page.getByLabel('Page view URL').fill(thanks);
    await page.getByLabel('Page view URL').blur();
    expect(await page.getByTestId('goal-event-url').textContent()).toMatch(
      /^Counts visits to.*thanks\.html/,
    );
    const names = () =>
      page.getByTestId('goal-card').evaluateAll((cards) => cards.map((c) => c.ariaLabel ?? ''));
    const conversion = () =>
      page
        .getByTestId('goal-card')
        .filter({ hasText: 'Conversion goal' })
        .getByLabel('Goal name')
        .inputValue();
    expect(await conversion()).toBe('Page View Goal #2');

    await page.getByRole('button', { name: 'Move Page View Goal #2 up' }).click();
    await expect.poll(conversion).toBe('Click Goal #1');
    await shot(page, 'wizard-10-goals');
    expect((await names()).length).toBe(2);

    await next();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('Goal confirmation').waitFor();
    await dialog
      .getByText('Once you submit you cannot change the order or add more goals to your funnel.')
      .waitFor();
    await shot(page, 'wizard-11-goal-confirmation');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(step).toBe('CampaignTypeSelection');
  });

  it('chooses a type, fills the settings and creates the campaign', async () => {
    await page.getByRole('radio', { name: /Multi-armed bandit/ }).check();
    await shot(page, 'wizard-12-type');
    // Three elements: changed together by default (3 whole-page arms), or 12 combinations.
    const modes = page.getByTestId('element-mode');
    expect(
      await modes.getByRole('radio', { name: /Change these elements together/ }).isChecked(),
    ).toBe(true);
    expect(await page.getByTestId('element-mode-plan-together').textContent()).toMatch(
      /^3 arms, the original included: about [\d,]+ visitors each, [\d,]+ in all$/,
    );
    expect(await page.getByTestId('element-mode-plan-separate').textContent()).toMatch(
      /^12 combinations, the original included/,
    );
    await shotAtBothSizes(page, 'wizard-12b-element-mode');
    await next();
    await expect.poll(step).toBe('Settings');
    await page.getByLabel('Campaign name').fill('ab');
    await page.getByText('Name must be at least 3 characters').waitFor();
    await page.getByLabel('Campaign name').fill('Headline and CTA test');
    await page.getByLabel('Description (optional)').fill('Does a warmer headline convert?');
    await page.getByLabel('Traffic allocation (%)').fill('80');
    await page.getByRole('switch', { name: 'Exclusive audience' }).click();
    await shot(page, 'wizard-13-settings');
    // A failed create keeps everything on screen with the spec's message; the retry succeeds.
    const failCreate = '**/api/team/*/campaign/create';
    await page.route(failCreate, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RETRYABLE', message: 'Try again shortly.' } }),
      }),
    );
    await createThroughReview(page);
    await page.getByText('There was an error creating the campaign.', { exact: false }).waitFor();
    expect(await page.getByLabel('Campaign name').inputValue()).toBe('Headline and CTA test');
    await shot(page, 'wizard-13b-create-failed');
    await page.unroute(failCreate);
    await page.getByRole('button', { name: 'Create campaign' }).click();
    const review = page.getByTestId('review-dialog');
    expect(await review.getByTestId('review-versions').textContent()).toBe(
      'Changed together: 3 whole-page arms, the original included',
    );
    await review
      .getByText('80% of the page’s visitors, never in another exclusive campaign')
      .waitFor();
    await shotAtBothSizes(page, 'wizard-13c-review');
    await review.getByRole('button', { name: 'Create campaign' }).click();
    await page.waitForURL(/\/campaign\/\d+$/);
    campaignId = Number(/\/campaign\/(\d+)$/.exec(page.url())?.[1]);
    await page.getByTestId('campaign-page').waitFor();
    // The page lists what the campaign tests: elements with their variants, and the funnel.
    const contents = page.getByTestId('campaign-contents');
    const headlineItem = contents.getByRole('listitem', { name: HEADLINE_LABEL, exact: true });
    await headlineItem.getByText('h1', { exact: true }).waitFor();
    await headlineItem
      .getByText('Ship product updates your customers actually read', { exact: true })
      .waitFor();
    expect(await headlineItem.getByText('Release notes people love', { exact: true }).count()).toBe(
      2,
    );
    const clickGoal = contents.getByRole('listitem', { name: 'Click Goal #1' });
    expect(await clickGoal.textContent()).toContain('Counts clicks on “Start free trial”');
    await clickGoal.getByText('Conversion goal', { exact: true }).waitFor();
    expect(
      await contents.getByRole('listitem', { name: 'Page View Goal #2' }).textContent(),
    ).toMatch(/Counts visits to .*thanks\.html/);
    await shot(page, 'wizard-14-created');

    const saved = await load(campaignId);
    expect(saved).toMatchObject({
      name: 'Headline and CTA test',
      description: 'Does a warmer headline convert?',
      type: 'multi_armed_bandit',
      trafficAllocation: 80,
      exclusiveAudienceMode: true,
      ingestedUrl: fixtureUrlOf(fixtures, 'saas-landing.html'),
      meta: expect.objectContaining({ linkedElements: true }),
    });
    // The draft it was built in is gone with the campaign's creation.
    expect(await api.call('GET', `/team/${team}/draft/all`)).toEqual({ drafts: [] });
    expect(saved.thumbnail?.small).toMatch(/^\/api\/files\/screenshots\//);
    expect(saved.elements.map((element) => [element.selector, element.variants.length])).toEqual([
      ['h1', 2],
      ['#cta-start', 1],
      ['img[alt="The Flowline editor"]', 1],
    ]);
    // Each element keeps its fingerprint, to be found again should the page change.
    expect(saved.elements[0]!.fingerprint).toMatchObject({ tag: 'h1', text: HEADLINE_TEXT });
    const headline = saved.elements[0]!.variants;
    expect(headline.map((variant) => variant.info.value)).toEqual([
      'Release notes people love',
      'Release notes people love',
    ]);
    expect(headline[1]!.info.styles).toEqual([{ type: 'textColor', value: 0xc2410cff }]);
    expect(saved.elements[2]!.variants[0]!.info.src).toMatch(/\/api\/files\/uploads\//);
    expect(saved.goals.map((goal) => [goal.event.name, goal.isConversionGoal])).toEqual([
      ['Page View Goal #2', false],
      ['Click Goal #1', true],
    ]);
  });

  it('reopens in update mode and adds, disables and deletes a variant', async () => {
    await page.getByRole('link', { name: 'Edit variants' }).click();
    await page.waitForURL(/\/campaign\/\d+\/edit$/);
    await expect.poll(step).toBe('EditElements');
    await ready();
    await page.getByTestId('element-card').first().click();
    await sideMenu().waitFor();
    await sideMenu().getByRole('button', { name: 'Add variant' }).click();
    await page.getByLabel('Variant 1 text', { exact: true }).fill('Changelogs that get read');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor().waitFor({ state: 'detached' });
    await expect.poll(async () => (await load(campaignId)).elements[0]!.variants.length).toBe(3);
    await shot(page, 'wizard-15-update-added');

    const rows = sideMenu().getByTestId('variant-row');
    await rows.nth(0).getByRole('switch', { name: 'Enabled' }).click();
    await expect
      .poll(async () => (await load(campaignId)).elements[0]!.variants[0]!.isEnabled)
      .toBe(false);
    await shot(page, 'wizard-16-update-disabled');

    await rows.nth(2).getByRole('button', { name: 'Delete variant' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('Delete variant').first().waitFor();
    await dialog
      .getByText(
        'Are you sure you want to delete this variant? Once deleted it cannot be recovered.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
    await expect.poll(async () => (await load(campaignId)).elements[0]!.variants.length).toBe(2);
    await expect.poll(() => rows.count()).toBe(2);
    await shot(page, 'wizard-17-update-deleted');
  });

  it('saves the settings in update mode; the funnel stays fixed', async () => {
    await sideMenu().getByRole('button', { name: 'Close', exact: true }).click();
    await next();
    await expect.poll(step).toBe('EditGoals');
    await page.getByText('Your funnel is fixed.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Add click goal' }).count()).toBe(0);
    // Each fixed goal says what it counts, opened or not, with nothing to change it.
    const goalCards = page.getByTestId('goal-card');
    await goalCards.first().click();
    expect(await goalCards.nth(0).textContent()).toMatch(/Counts visits to .*thanks\.html/);
    expect(await goalCards.nth(1).textContent()).toContain('Counts clicks on “Start free trial”');
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    await shot(page, 'wizard-17b-update-goals');
    await next();
    await expect.poll(step).toBe('CampaignTypeSelection');
    await next();
    await page.getByLabel('Campaign name').fill('Headline and CTA test, round 2');
    await shot(page, 'wizard-18-update-settings');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.waitForURL(/\/campaign\/\d+$/);
    const saved = await load(campaignId);
    expect(saved.name).toBe('Headline and CTA test, round 2');
    expect(saved.elements[0]!.variants.map((variant) => variant.isEnabled)).toEqual([false, true]);
    expect(saved.goals).toHaveLength(2);
  });

  it('suggests AI variants for decisive elements on opening, and approving saves one', async () => {
    const text = (value: string) => ({ value, textType: 'normal', styles: [] });
    const element = (id: number, key: string, selector: string, value: string) => ({
      id,
      key,
      selector,
      type: 'text',
      control: { info: text(value) },
      variants: [
        { id: id - 10, key: `${key}-v1`, type: 'text', isEnabled: true, info: text(`${value}!`) },
      ],
    });
    const { id } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name: 'Winners campaign',
      ingestedUrl: fixtureUrlOf(fixtures, 'saas-landing.html'),
      elements: [
        element(-1, 'hero', 'h1', 'Ship product updates your customers actually read'),
        element(-2, 'cta', '#cta-start', 'Start free trial'),
      ],
      autoGenerationStatus: {
        autoGenerationRequired: true,
        reason: { type: 'winners', elements: { hero: { type: 'decisive' } } },
      },
    });
    await page.goto(`/admin/${team}/campaign/${id}/edit`);
    await expect.poll(step).toBe('EditElements');
    await page.getByTestId('element-card').first().click();
    const suggestions = sideMenu()
      .getByTestId('variant-group-suggested')
      .getByTestId('variant-row');
    await expect.poll(() => suggestions.count()).toBe(3);
    await shot(page, 'wizard-19-suggestions');
    await suggestions.first().getByRole('button', { name: 'Approve' }).click();
    await expect.poll(async () => (await load(id)).elements[0]!.variants.length).toBe(2);
    await expect.poll(() => suggestions.count()).toBe(2);

    await sideMenu().getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByTestId('element-card').nth(1).click();
    expect(await sideMenu().getByTestId('variant-group-suggested').count()).toBe(0);
  });
});
