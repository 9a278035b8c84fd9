import { GUEST_MESSAGES } from '@kindling/domain';
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

const baseUrl = inject('baseUrl');

interface SurveyState {
  survey: Record<string, string> | null;
  dismissed: boolean;
}

describe('intro survey: asked on the campaign list, answered or put off, edited in settings', () => {
  const person = newPerson('Edith Clarke', 'intro-survey');
  let browser: Browser;
  let page: Page;
  let slug: string;
  let api: Api;

  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
  const card = () => page.getByTestId('intro-survey-card');
  const field = (label: string) => card().getByLabel(label, { exact: true });
  const surveyOf = (team: string) => api.call<SurveyState>('GET', `/team/${team}/intro-survey`);

  /** Reloads the campaign list and waits until the survey's answer has been drawn. */
  async function reloadList(): Promise<void> {
    const answered = page.waitForResponse((response) => response.url().endsWith('/intro-survey'));
    await page.reload();
    await answered;
    await page.getByText('No campaigns yet').waitFor();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, person);
    slug = await createTeamThroughUi(page, 'Lamplight Studio');
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows an inline card, nothing preselected, above the empty campaign list', async () => {
    await card().getByRole('heading', { name: 'Tell us about Lamplight Studio' }).waitFor();
    // Issue 35: no answer is made up for the team; each choice reads "Choose one…".
    for (const label of [
      'Company name',
      'Marketing spend per month',
      'What describes you best',
      'Industry',
      'How did you hear about us?',
    ]) {
      expect(await field(label).inputValue()).toBe('');
    }
    expect(
      await field('Industry').evaluate(
        (select: HTMLSelectElement) => select.selectedOptions[0]?.text,
      ),
    ).toBe('Choose one…');
    // Not a dialog: the way to the first campaign stays open beside it.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('link', { name: 'New campaign' }).waitFor();
    // The "Team created" toast would cover the phone picture.
    await page.locator('[data-sonner-toast]').waitFor({ state: 'detached', timeout: 15_000 });
    await shotAtBothSizes(page, 'intro-survey-card');
  });

  it('refuses an unanswered form field by field and saves nothing', async () => {
    await card().getByRole('button', { name: 'Save', exact: true }).click();
    await card().getByRole('alert').filter({ hasText: 'Please enter your company name' }).waitFor();
    for (const message of Object.values({
      spend: 'Please choose your monthly marketing spend from the list',
      demographic: 'Please choose what describes you best from the list',
      industry: 'Please choose your industry from the list',
    })) {
      await card().getByRole('alert').filter({ hasText: message }).waitFor();
    }
    expect(await field('Company name').getAttribute('aria-invalid')).toBe('true');
    expect(await field('Industry').getAttribute('aria-invalid')).toBe('true');
    await shotAtBothSizes(page, 'intro-survey-unanswered');
    expect(await surveyOf(slug)).toMatchObject({ survey: null, dismissed: false });
  });

  it('saves the answers: the card goes, and stays gone after a reload', async () => {
    await field('Company name').fill('Lamplight Ltd');
    await field('Marketing spend per month').selectOption({ label: '50k – 250k' });
    await field('What describes you best').selectOption('Entrepreneur');
    await field('Industry').selectOption('SaaS');
    await field('How did you hear about us?').fill('A podcast');
    await card().getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Thanks for telling us about Lamplight Studio').waitFor();
    await card().waitFor({ state: 'detached' });
    expect((await surveyOf(slug)).survey).toMatchObject({
      companyName: 'Lamplight Ltd',
      marketingSpend: '50k-250k',
      demographic: 'Entrepreneur',
      industry: 'SaaS',
      referral: 'A podcast',
    });

    await reloadList();
    expect(await card().count()).toBe(0);
  });

  it('Settings -> Team shows the answers; a change is saved', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.waitForURL(`**/admin/${slug}/settings/team`);
    const about = page.getByTestId('team-survey-card');
    await about.getByRole('heading', { name: 'About your team' }).waitFor();
    const aboutField = (label: string) => about.getByLabel(label, { exact: true });
    expect(await aboutField('Company name').inputValue()).toBe('Lamplight Ltd');
    expect(await aboutField('Marketing spend per month').inputValue()).toBe('50k-250k');
    expect(await aboutField('Industry').inputValue()).toBe('SaaS');
    expect(await aboutField('How did you hear about us?').inputValue()).toBe('A podcast');
    const save = about.getByRole('button', { name: 'Save answers' });
    expect(await save.isDisabled()).toBe(true);

    await aboutField('What describes you best').selectOption('Agency');
    await shotAtBothSizes(page, 'settings-team-survey');
    await save.click();
    await toast('Team answers saved').waitFor();
    await expect.poll(() => save.isDisabled(), { timeout: 15_000 }).toBe(true);
    expect((await surveyOf(slug)).survey).toMatchObject({
      companyName: 'Lamplight Ltd',
      demographic: 'Agency',
      industry: 'SaaS',
    });
  });

  it('a second team asks again; "Not now" puts it off for good', async () => {
    const { slug: second } = await api.call<{ slug: string }>('POST', '/teams', {
      name: 'Night Shift',
    });
    await page.goto(`/admin/${second}/campaigns`);
    await card().getByRole('heading', { name: 'Tell us about Night Shift' }).waitFor();
    await card().getByRole('button', { name: 'Not now' }).click();
    await card().waitFor({ state: 'detached' });
    expect(await surveyOf(second)).toEqual(
      expect.objectContaining({ survey: null, dismissed: true }),
    );

    await reloadList();
    expect(await card().count()).toBe(0);
    // The first team's answers are its own.
    expect((await surveyOf(slug)).survey).toMatchObject({ companyName: 'Lamplight Ltd' });
  });

  it('never asks a guest (the shared demo team has no answers)', async () => {
    const { context, page: guestPage } = await newPage(browser, baseUrl);
    const asked: string[] = [];
    guestPage.on('request', (request) => {
      if (request.url().includes('/api/team/') && request.url().includes('/intro-survey'))
        asked.push(request.url());
    });
    await guestPage.goto('/admin/auth/sign-in');
    await guestPage.getByRole('button', { name: GUEST_MESSAGES.tryIt }).click();
    await guestPage.getByTestId('campaign-row').waitFor();
    expect(await guestPage.getByTestId('intro-survey-card').count()).toBe(0);
    expect(asked).toEqual([]);
    await context.close();
  });
});
