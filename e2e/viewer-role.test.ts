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

// Issue 35: an owner invites a Viewer (an executive, an agency's client), who sees the team's
// campaigns and results and whose every attempt to change one is refused with a clear message.

const baseUrl = inject('baseUrl');
const VIEWER_MESSAGE =
  'Viewers can look at everything but change nothing. Ask an owner to make you a member.';

describe('the Viewer role', () => {
  const owner = newPerson('Grace Hopper', 'viewer-owner');
  const viewer = newPerson('Ada Viewer', 'viewer');
  let browser: Browser;
  let ownerPage: Page;
  let viewerPage: Page;
  let slug: string;
  let campaignId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page: ownerPage } = await newPage(browser, baseUrl));
    ({ page: viewerPage } = await newPage(browser, baseUrl));
    await signUpThroughUi(ownerPage, owner);
    slug = await createTeamThroughUi(ownerPage, 'Board Reports');
    const api = await Api.of(ownerPage, baseUrl);
    ({ id: campaignId } = await api.call<{ id: number }>('POST', `/team/${slug}/campaign/create`, {
      name: 'Pricing headline',
      ingestedUrl: 'shop.example.com/pricing',
      isEnabled: false,
      elements: [],
      goals: [],
    }));
    await signUpThroughUi(viewerPage, viewer);
    await createTeamThroughUi(viewerPage, 'Ada Solo');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the owner invites a viewer, whose role says what it may do', async () => {
    await ownerPage.goto(`/admin/${slug}/settings/team/members`);
    await ownerPage.getByLabel('E-mail', { exact: true }).fill(viewer.email);
    await ownerPage
      .getByLabel('Role', { exact: true })
      .selectOption({ label: 'Viewer: Sees every campaign and result; changes nothing.' });
    await ownerPage.getByRole('button', { name: 'Send invite' }).click();
    const invite = ownerPage.getByTestId('invite-row').filter({ hasText: viewer.email });
    await invite.getByText('Viewer', { exact: true }).waitFor();
    const link = await ownerPage.getByLabel('Invitation link', { exact: true }).inputValue();

    await viewerPage.goto(link);
    await viewerPage.getByRole('button', { name: 'Join Board Reports' }).click();
    await viewerPage.waitForURL(`**/admin/${slug}/campaigns`);
    await expect
      .poll(() => viewerPage.getByTestId('team-switcher').textContent())
      .toContain('Viewer');
  });

  it('sees the campaigns and results without write controls; a write is refused with its message', async () => {
    await viewerPage.getByTestId('viewer-banner').getByText(VIEWER_MESSAGE).waitFor();
    await viewerPage.getByText('Pricing headline').first().waitFor();
    // No intro survey to answer, no new campaign, no switch to pull.
    expect(await viewerPage.getByRole('link', { name: 'New campaign' }).count()).toBe(0);
    expect(await viewerPage.getByText('Tell us about Board Reports').count()).toBe(0);
    await shotAtBothSizes(viewerPage, 'viewer-campaigns');
    await viewerPage.goto(`/admin/${slug}/campaign/${campaignId}`);
    await viewerPage.getByRole('heading', { name: 'Pricing headline' }).waitFor();
    await viewerPage
      .getByTestId('results-body')
      .or(viewerPage.getByText('Results'))
      .first()
      .waitFor();
    expect(await viewerPage.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await viewerPage.getByRole('link', { name: 'Edit variants' }).count()).toBe(0);
    // The server refuses a write all the same, as the viewer's own session sends it.
    const viewerApi = await Api.of(viewerPage, baseUrl);
    const refused = await viewerApi
      .call('DELETE', `/team/${slug}/campaign/delete?id=${campaignId}`)
      .then(
        () => 'deleted',
        (error: Error) => error.message,
      );
    expect(refused).toContain(VIEWER_MESSAGE);
    const ownerApi = await Api.of(ownerPage, baseUrl);
    const { id } = await ownerApi.call<{ id: number }>(
      'GET',
      `/team/${slug}/campaign/by-id?id=${campaignId}`,
    );
    expect(id).toBe(campaignId);
  });
});
