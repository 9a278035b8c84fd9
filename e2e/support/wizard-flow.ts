import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fixtureUrlOf } from './fixture-host';
import type { FixtureServer } from './fixture-server';
import { clickInPreview } from './preview-click';

/** The step the campaign wizard shows. */
export const wizardStep = (page: Page) =>
  page.getByTestId('campaign-wizard').getAttribute('data-step');

/**
 * A running campaign on the fixture SaaS landing page, for the create API: its headline with
 * one variant, the thank-you page as its conversion goal.
 */
export const saasHeadlineCampaign = (fixtures: FixtureServer, name: string) => ({
  name,
  ingestedUrl: fixtureUrlOf(fixtures, 'saas-landing.html'),
  isEnabled: true,
  elements: [
    {
      id: -1,
      key: 'headline',
      selector: 'h1',
      type: 'text',
      control: { info: { value: 'Ship product updates your customers actually read' } },
      variants: [{ id: -2, key: 'love', type: 'text', info: { value: 'Notes people love' } }],
    },
  ],
  goals: [
    {
      id: -3,
      isConversionGoal: true,
      event: { type: 1, name: 'Thanks', url: fixtureUrlOf(fixtures, 'thanks.html') },
    },
  ],
});

/**
 * From the wizard's first step: opens the fixture SaaS landing page, closes its newsletter
 * pop-up and reaches the edit step ("How editing works" opens the first time only).
 */
export async function openSaasLandingForEditing(page: Page, fixtures: FixtureServer) {
  const frame = page.frameLocator('iframe[title="Live preview"]');
  await page
    .getByLabel('Page URL', { exact: true })
    .fill(fixtureUrlOf(fixtures, 'saas-landing.html'));
  await page.getByRole('button', { name: 'Open page' }).click();
  await expect.poll(() => wizardStep(page), { timeout: 15_000 }).toBe('ClosePopups');
  await page.getByTestId('preview-status').getByText('Ready').waitFor();
  await frame.locator('#newsletter.open').waitFor();
  await clickInPreview(page, frame.getByRole('button', { name: 'Close newsletter' }));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const start = page
    .getByRole('dialog', { name: 'How editing works' })
    .getByRole('button', { name: 'Start editing' });
  await expect
    .poll(async () => (await start.isVisible()) || (await wizardStep(page)) === 'EditElements')
    .toBe(true);
  if (await start.isVisible()) await start.click();
  await expect.poll(() => wizardStep(page)).toBe('EditElements');
}

/** The Settings step's "Create campaign", then the same button in the review that opens. */
export async function createThroughReview(page: Page) {
  await page.getByRole('button', { name: 'Create campaign' }).click();
  const review = page.getByTestId('review-dialog');
  await review.getByRole('button', { name: 'Create campaign' }).click();
  await review.waitFor({ state: 'detached' });
}
