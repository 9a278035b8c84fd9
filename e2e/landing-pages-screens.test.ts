import { readFile } from 'node:fs/promises';
import { LANDING_PAGE_MESSAGES } from '@kindling/domain';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  Api,
  createTeamThroughUi,
  eventually,
  newPerson,
  SCREEN_SIZES,
  shot,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { WEEKLY_PAGE } from './support/weekly-page';

const baseUrl = inject('baseUrl');

const TEMPLATES = [
  { id: 1, name: 'Minimal' },
  { id: 2, name: 'Spotlight' },
  { id: 3, name: 'Midnight' },
] as const;

const CONTENT = WEEKLY_PAGE;

describe('landing page screens (issue 18): create, publish, sign up, export, edit, delete', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let team: string;
  let api: Api;
  /** The pages made through the screens, by template. */
  const made = new Map<number, { id: number; url: string; headline: string }>();

  const preview = (): FrameLocator => page.getByTestId('page-preview').frameLocator('iframe');
  const field = (label: string) => page.getByLabel(label, { exact: true });
  const toList = async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Landing pages' })
      .click();
    await page.waitForURL(`**/admin/${team}/pages`);
  };

  /**
   * Chromium paints a sandboxed frame (its own process) in a full-page screenshot only once it
   * has been on screen: scroll to the top, where the template cards and the preview are.
   */
  const showFrames = () => page.evaluate(() => window.scrollTo(0, 0));

  /** The editor at both sizes; on a phone the preview sits under the form, so it is scrolled to. */
  async function shotWithPreview(name: string) {
    await showFrames();
    await shot(page, `${name}-desktop`);
    await page.setViewportSize(SCREEN_SIZES.phone);
    await page.getByTestId('page-preview').scrollIntoViewIfNeeded();
    await shot(page, `${name}-phone`);
    await page.setViewportSize(SCREEN_SIZES.desktop);
  }

  /** Fills the create form as a person would: template, words, then the address. */
  async function fillNewPage(template: (typeof TEMPLATES)[number], slug: string) {
    const headline = `${template.name}: plan your whole week in five calm minutes`;
    await page.getByRole('radio', { name: new RegExp(`^${template.name}`) }).check();
    await field('Headline').fill(headline);
    await field('Sub-headline').fill(CONTENT.subheadline);
    for (const [index, feature] of CONTENT.features.entries()) {
      await field(`Feature point ${index + 1}`).fill(feature);
    }
    await field('Price (optional)').fill(CONTENT.price);
    await field('Page address').fill(slug);
    return headline;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: baseUrl, viewport: SCREEN_SIZES.desktop });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await signUpThroughUi(page, newPerson('Fiona Founder', 'page-screens'));
    team = await createTeamThroughUi(page, 'Weekly Ideas');
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('invites to create a first page, starts on template 2 and shows a bad slug message verbatim', async () => {
    await toList();
    await page.getByRole('heading', { name: 'No landing pages yet' }).waitFor();
    await shotAtBothSizes(page, 'pages-list-empty');

    await page.getByRole('link', { name: 'Create a landing page' }).click();
    await page.waitForURL(`**/admin/${team}/pages/new`);
    expect(await page.getByRole('radio', { name: /^Spotlight/ }).isChecked()).toBe(true);
    // The slug follows the headline until typed by hand.
    await field('Headline').fill('Plan your week, calmly');
    await eventually(() => field('Page address').inputValue(), 'plan-your-week-calmly');

    await fillNewPage(TEMPLATES[1], 'Bad Slug!');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByText(LANDING_PAGE_MESSAGES.slug, { exact: true }).waitFor();
    expect(page.url()).toMatch(/\/pages\/new$/);
    // Nothing typed is lost.
    expect(await field('Sub-headline').inputValue()).toBe(CONTENT.subheadline);
    expect(await field('Feature point 3').inputValue()).toBe(CONTENT.features[2]);
    // Each template card is a small rendering of the page as typed.
    for (const template of TEMPLATES) {
      const thumbnail = page.getByTestId(`template-${template.id}`).frameLocator('iframe');
      await eventually(
        () => thumbnail.getByRole('heading', { level: 1 }).textContent(),
        `${TEMPLATES[1].name}: plan your whole week in five calm minutes`,
      );
    }
    await showFrames();
    await shotAtBothSizes(page, 'pages-create');
  });

  it('creates and publishes a page from each template; a visitor signs up; the sign-up shows and is in the CSV', async () => {
    for (const template of TEMPLATES) {
      await page.goto(`/admin/${team}/pages/new`);
      const slug = `week-${template.id}`;
      const headline = await fillNewPage(template, slug);
      await page.getByRole('button', { name: 'Create page' }).click();
      await page.waitForURL(/\/pages\/\d+$/);
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      await eventually(() => preview().getByRole('heading', { level: 1 }).textContent(), headline);
      expect(await preview().locator('body').getAttribute('class')).toBe(`template-${template.id}`);

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const publicUrl = page.getByTestId('page-public-url');
      await publicUrl.waitFor();
      const url = (await publicUrl.getAttribute('href')) ?? '';
      expect(url).toBe(`${baseUrl}/p/${team}/${slug}`);
      expect(await page.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(url);
      made.set(template.id, { id, url, headline });

      // A visitor in a browser of their own: no session, no app.
      const visitor = await browser.newContext({ viewport: SCREEN_SIZES.desktop });
      const visit = await visitor.newPage();
      expect((await visit.goto(url))?.status()).toBe(200);
      await eventually(() => visit.getByRole('heading', { level: 1 }).textContent(), headline);
      await shotAtBothSizes(visit, `published-template-${template.id}`);
      const email = `fan.${template.id}@example.com`;
      await visit.getByRole('textbox', { name: 'E-mail address' }).fill(email);
      await visit.getByRole('button', { name: 'Join the waitlist' }).click();
      await visit.getByRole('heading', { name: 'Thank you!' }).waitFor();
      await visitor.close();

      // Back on the page's screen: the address is listed, and in the downloaded CSV.
      await page.reload();
      const signups = page.getByTestId('page-signups');
      await signups.getByRole('cell', { name: email }).waitFor();
      const download = page.waitForEvent('download');
      await signups.getByRole('link', { name: 'Download CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${slug}-signups.csv`);
      const csv = await readFile((await file.path()) ?? '', 'utf8');
      expect(csv.split('\r\n')[0]).toBe('email,signed_up_at');
      expect(csv).toContain(`\r\n${email},`);
    }
  });

  it('edits the headline with the preview following, at desktop and phone width', async () => {
    const spotlight = made.get(2)!;
    await page.goto(`/admin/${team}/pages/${spotlight.id}`);
    await eventually(
      () => preview().getByRole('heading', { level: 1 }).textContent(),
      spotlight.headline,
    );
    const frame = page.getByTestId('page-preview').locator('iframe');
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).not.toMatch(/<script/i);

    const edited = 'Your week, planned before the coffee is cold';
    await field('Headline').fill(edited);
    await eventually(() => preview().getByRole('heading', { level: 1 }).textContent(), edited);
    await shotWithPreview('page-edit-preview-desktop-mode');
    await page.getByRole('radio', { name: 'Phone' }).check();
    await eventually(() => frame.getAttribute('data-viewport-width'), '375');
    await eventually(() => preview().getByRole('heading', { level: 1 }).textContent(), edited);
    await shotWithPreview('page-edit-preview-phone-mode');

    // A refusal only the server can know (the address is taken) shows next to its field too.
    await field('Page address').fill('week-3');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(LANDING_PAGE_MESSAGES.slugTaken, { exact: true }).waitFor();
    expect(await field('Headline').inputValue()).toBe(edited);
    await field('Page address').fill('week-2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved').first().waitFor();
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent(), edited);
    const published = await fetch(spotlight.url);
    expect(await published.text()).toContain(`<h1>${edited}</h1>`);
  });

  it('lists the pages; unpublishing answers 404; deleting asks first and removes the page', async () => {
    await toList();
    const list = page.getByTestId('landing-pages');
    for (const template of TEMPLATES) {
      const row = list.getByTestId(`landing-page-week-${template.id}`);
      await row.getByText('Published').waitFor();
      expect(await row.textContent()).toContain('1 sign-up');
      expect(await row.textContent()).toContain(made.get(template.id)!.url);
    }
    await shotAtBothSizes(page, 'pages-list');

    const minimal = made.get(1)!;
    await list.getByRole('link', { name: minimal.headline }).click();
    await page.waitForURL(`**/pages/${minimal.id}`);
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
    expect((await fetch(minimal.url)).status).toBe(404);

    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    expect(await dialog.textContent()).toContain('all its sign-ups are removed too');
    await shot(page, 'page-delete-confirm-desktop');
    await dialog.getByRole('button', { name: 'Delete page' }).click();
    await page.waitForURL(`**/admin/${team}/pages`);
    await list.getByTestId('landing-page-week-2').waitFor();
    expect(await list.getByTestId('landing-page-week-1').count()).toBe(0);
    expect(await list.locator(':scope > li').count()).toBe(2);
    const gone = await api.raw(`/team/${team}/pages/${minimal.id}`);
    expect(gone.status).toBe(404);
  });
});
