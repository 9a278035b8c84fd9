import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
  dismissIntroSurvey,
} from './support/flows';
import { clickInPreview, pickInPreview, previewFrame } from './support/preview-click';
import { openSaasLandingForEditing, saasHeadlineCampaign, wizardStep } from './support/wizard-flow';

// Issue 35: work in the wizard is never lost without a word. A new campaign is a draft on the
// server from the moment its page is chosen; a reload or a sidebar click keeps it, and leaving
// before the last change is saved asks first.

const baseUrl = inject('baseUrl');

interface DraftSummary {
  id: number;
  name: string;
  step: string;
  revision: number;
}

describe('campaign drafts', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let draftId: number;

  const sideMenu = () => page.getByTestId('element-side-menu');
  const editor = () => page.getByTestId('draft-editor');
  const status = (on: Page = page) => on.getByTestId('draft-status');
  const saved = (on: Page = page) =>
    expect.poll(() => status(on).getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
  const drafts = () => api.call<{ drafts: DraftSummary[] }>('GET', `/team/${team}/draft/all`);

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await routeFixtureHost(page, fixtures, ['/api/team/*/campaign/is-image']);
    await signUpThroughUi(page, newPerson('Draft Keeper', 'drafts'));
    team = await createTeamThroughUi(page, 'Draft Team');
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('is saved from the moment the page is chosen, and names itself in the address', async () => {
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await openSaasLandingForEditing(page, fixtures);
    await saved();
    draftId = Number(new URL(page.url()).searchParams.get('draft'));
    expect(draftId).toBeGreaterThan(0);
    const [listed] = (await drafts()).drafts;
    expect(listed).toMatchObject({ id: draftId, step: 'EditElements' });
  });

  it('survives a reload with its element and variant, where it was left', async () => {
    await pickInPreview(page, previewFrame(page).locator('h1'), editor());
    await page.getByLabel('Variant 1 text', { exact: true }).fill('Release notes people love');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor().waitFor({ state: 'detached' });
    await saved();
    await shotAtBothSizes(page, 'drafts-01-saved');

    await page.reload();
    await expect.poll(() => wizardStep(page), { timeout: 15_000 }).toBe('EditElements');
    await page.getByTestId('preview-status').getByText('Ready').waitFor();
    // The page's pop-up is closed again and the saved variant shows when picked.
    await previewFrame(page).locator('#newsletter.open').waitFor({ state: 'detached' });
    const row = sideMenu().getByTestId('variant-row');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('Release notes people love').click();
    await expect
      .poll(() => previewFrame(page).locator('h1').textContent())
      .toBe('Release notes people love');
  });

  it('asks before a sidebar click leaves unsaved changes, and keeps them once saved', async () => {
    await sideMenu().getByRole('button', { name: 'Close', exact: true }).click();
    await clickInPreview(page, previewFrame(page).locator('#cta-start'));
    await page.getByLabel('Variant 1 text', { exact: true }).fill('Start your free trial today');
    await page.getByRole('button', { name: 'Save variants' }).click();
    // At once, before the draft's save went out: the app asks first.
    await page.getByRole('link', { name: 'Landing pages' }).first().click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('Leave before your draft is saved?').waitFor();
    await shotAtBothSizes(page, 'drafts-02-leave-prompt');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toMatch(/\/campaign\/new$/);
    await saved();

    // Saved: the same click leaves without a question.
    await page.getByRole('link', { name: 'Landing pages' }).first().click();
    await page.waitForURL(/\/pages/);
    await page.goto(`/admin/${team}/campaign/new?draft=${draftId}`);
    await expect.poll(() => wizardStep(page), { timeout: 15_000 }).toBe('EditElements');
    // Where it was left: the button's panel open; closed, both elements are listed.
    await sideMenu().getByText('Start your free trial today').waitFor();
    await sideMenu().getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => page.getByTestId('element-card').count()).toBe(2);
    // The closed panel is kept too: saved before another tab opens the draft.
    await saved();
  });

  it('refuses to overwrite a save made in another tab, and says how to carry on', async () => {
    // A second tab of the same signed-in browser.
    const other = await page.context().newPage();
    await routeFixtureHost(other, fixtures, ['/api/team/*/campaign/is-image']);
    await other.goto(`${baseUrl}/admin/${team}/campaign/new?draft=${draftId}`);
    await expect.poll(() => wizardStep(other), { timeout: 15_000 }).toBe('EditElements');
    await other.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => wizardStep(other)).toBe('EditGoals');
    await saved(other);

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect
      .poll(() => status().getAttribute('data-state'), { timeout: 10_000 })
      .toBe('conflict');
    await status()
      .getByText(
        'This draft was saved in another tab or by a teammate after you opened it. Reload it to carry on from the latest version.',
      )
      .waitFor();
    await shotAtBothSizes(page, 'drafts-03-conflict');
    await status().getByRole('button', { name: 'Reload draft' }).click();
    await expect.poll(() => wizardStep(page), { timeout: 15_000 }).toBe('EditGoals');
    await other.close();
  });

  it('is listed to carry on or discard, and Continue opens it where it was left', async () => {
    await page.goto(`/admin/${team}/campaigns`);
    const rows = page.getByTestId('draft-row');
    // The list loads its drafts after the page: a loaded machine takes more than a second.
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    // No campaign yet: the draft shows above the empty state.
    await page.getByRole('heading', { name: 'Carry on where you left off' }).waitFor();
    await rows.first().getByText('At Goals').waitFor();
    await shotAtBothSizes(page, 'drafts-04-carry-on');
    await rows
      .first()
      .getByRole('link', { name: /^Continue / })
      .click();
    await expect.poll(() => wizardStep(page), { timeout: 15_000 }).toBe('EditGoals');
    expect(new URL(page.url()).searchParams.get('draft')).toBe(String(draftId));
  });

  it('duplicates a saved campaign as a new draft with its elements and goals, no results', async () => {
    const source = await api.call<{ id: number }>(
      'POST',
      `/team/${team}/campaign/create`,
      saasHeadlineCampaign(fixtures, 'Release notes headline'),
    );
    await page.goto(`/admin/${team}/campaigns`);
    await dismissIntroSurvey(page);
    await page.getByTestId(`campaign-actions-${source.id}`).click();
    await page.getByTestId(`campaign-duplicate-${source.id}`).click();
    await expect.poll(() => wizardStep(page), { timeout: 15_000 }).toBe('EditElements');
    await expect.poll(() => page.getByTestId('element-card').count()).toBe(1);
    await saved();
    const copyId = Number(new URL(page.url()).searchParams.get('draft'));
    expect(copyId).toBeGreaterThan(0);
    await page.getByTestId('preview-status').getByText('Ready').waitFor();
    // The copy is saved at once; the page's meta, reported when the preview loads, is saved
    // after it. Leaving before that save is asked about (the test before), so wait for it.
    const savedCopy = () => api.call<unknown>('GET', `/team/${team}/draft/by-id?id=${copyId}`);
    await expect
      .poll(async () => JSON.stringify(await savedCopy()).includes('"finalUrl"'), {
        timeout: 10_000,
      })
      .toBe(true);
    await saved();
    expect(copyId).toBeGreaterThan(draftId);
    const copy = (await drafts()).drafts.find((draft) => draft.id === copyId);
    expect(copy).toMatchObject({ name: 'Copy of Release notes headline', step: 'EditElements' });

    await page.getByRole('link', { name: 'Campaigns' }).first().click();
    await page.getByTestId('campaign-status-filter').selectOption('drafts');
    await expect.poll(() => page.getByTestId('draft-row').count()).toBe(2);
    await page.getByTestId('draft-row').getByText('Copy of Release notes headline').waitFor();
    await shotAtBothSizes(page, 'drafts-05-filter');
  });

  it('discards a draft after asking, and says when there are none left', async () => {
    for (const name of ['Copy of Release notes headline', /Flowline/]) {
      const row = page.getByTestId('draft-row').filter({ hasText: name });
      await row.getByRole('button', { name: /^Discard / }).click();
      const dialog = page.getByTestId('confirm-dialog');
      await dialog.getByText('Discard draft').waitFor();
      await dialog.getByRole('button', { name: 'Discard' }).click();
      await row.waitFor({ state: 'detached' });
    }
    await page
      .getByTestId('campaign-filter-empty')
      .getByText('No drafts: a campaign is kept as a draft from the moment you choose its page.')
      .waitFor();
    expect((await drafts()).drafts).toEqual([]);
  });
});
