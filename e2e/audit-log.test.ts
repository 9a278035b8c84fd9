import { readFile } from 'node:fs/promises';
import { AUDIT_CSV_COLUMNS } from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  accessTokenOf,
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signInThroughUi,
  signUpThroughUi,
  joinAsMember,
} from './support/flows';

// Issue 33, the audit log: an owner's changes (a campaign created and renamed, an API key)
// shown on the settings screen, newest first, with before and after; filtered by what and by
// who; exported as CSV. A member sees neither the card nor the log.

const baseUrl = inject('baseUrl');

describe('the audit log', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let campaignId: number;
  const entries = () => page.getByTestId('audit-entry');

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Otto Owner', 'audit-log'));
    team = await createTeamThroughUi(page, 'Audited Lamps');
    api = await Api.of(page, baseUrl);
    ({ id: campaignId } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name: 'Spring hero',
      ingestedUrl: 'https://shop.example.com/lamps',
      elements: [
        {
          id: -1,
          key: 'h1',
          selector: 'h1',
          type: 'text',
          control: { info: { value: 'Lamps' } },
          variants: [{ id: -2, key: 'v', type: 'text', isEnabled: true, info: { value: 'Light' } }],
        },
      ],
      goals: [],
    }));
    const loaded = await api.call<Record<string, unknown>>(
      'GET',
      `/team/${team}/campaign/by-id?id=${campaignId}`,
    );
    await api.call('POST', `/team/${team}/campaign/save`, { ...loaded, name: 'Summer hero' });
    await api.call('POST', `/team/${team}/api-keys/create`, { name: 'Deploy bot' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the newest change first, with the name before and after', async () => {
    await page.goto(`/admin/${team}/settings/team`);
    await page.getByRole('link', { name: 'Open the audit log' }).click();
    await page.waitForURL(/\/settings\/team\/audit-log/);
    await entries().first().waitFor();
    expect(await entries().first().innerText()).toContain('API key');
    const renamed = entries().filter({ hasText: 'Changed name' });
    await renamed.getByText('Changed name').click();
    const row = renamed.getByRole('row', { name: /name/ });
    expect(await row.innerText()).toMatch(/Spring hero\s+Summer hero/);
    expect(await renamed.innerText()).toContain('POST /api/team/:team/campaign/save');
    await shotAtBothSizes(page, 'audit-log', renamed);
  });

  it('filters by what was changed and by who changed it, in the address', async () => {
    await page.getByLabel('What').selectOption('variants');
    await expect.poll(() => entries().count()).toBe(1);
    expect(await entries().first().getAttribute('data-entity')).toBe('variants');
    expect(page.url()).toContain('entity=variants');
    await page.getByLabel('What').selectOption('');
    await entries()
      .first()
      .getByRole('button', { name: /audit-log/ })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('actor')).toMatch(/^user:\d+$/);
    await expect.poll(() => entries().count()).toBeGreaterThan(3);
    await page.getByLabel('Who').selectOption('system');
    await page.getByText('No changes').waitFor();
    await shotAtBothSizes(page, 'audit-log-filtered');
    await page.getByLabel('Who').selectOption('');
    await entries().first().waitFor();
  });

  it('exports what it shows as CSV', async () => {
    await page.getByLabel('What').selectOption('campaigns');
    await expect.poll(() => entries().count()).toBe(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('audit-log.csv');
    const lines = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Summer hero');
  });

  it('is not shown to a member, and the API refuses them', async () => {
    const person = newPerson('Mia Member', 'audit-member');
    await joinAsMember(baseUrl, { owner: api, team, person });
    const { page: memberPage, context } = await newPage(browser, baseUrl);
    await memberPage.goto('/admin/auth/sign-in');
    await signInThroughUi(memberPage, person.email, person.password);
    await memberPage.waitForURL((url) => !url.pathname.startsWith('/admin/auth/'));
    await memberPage.goto(`/admin/${team}/settings/team`);
    await memberPage.getByRole('heading', { name: 'Team', exact: true }).first().waitFor();
    expect(await memberPage.getByRole('link', { name: 'Open the audit log' }).count()).toBe(0);
    await memberPage.goto(`/admin/${team}/settings/team/audit-log`);
    await memberPage.getByText('Only team owners can see the audit log').waitFor();
    const refused = await fetch(`${baseUrl}/api/team/${team}/audit-log`, {
      headers: { authorization: `Bearer ${await accessTokenOf(memberPage)}` },
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Only a team owner can do this.');
    await shotAtBothSizes(memberPage, 'audit-log-member');
    await context.close();
  });
});
