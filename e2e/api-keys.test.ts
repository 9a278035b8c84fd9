import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shot,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';

const baseUrl = inject('baseUrl');

describe('team API keys: create, show the secret once, revoke', () => {
  const person = newPerson('Ada Lovelace', 'api-keys');
  let browser: Browser;
  let page: Page;
  let slug: string;
  let api: Api;

  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
  const card = () =>
    page.locator('section').filter({ has: page.getByRole('heading', { name: 'API keys' }) });
  const rows = () => page.getByTestId('api-key-row');

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, person);
    slug = await createTeamThroughUi(page, 'Analytical Engines');
    api = await Api.of(page, baseUrl);
    await page.goto(`${baseUrl}/admin/${slug}/settings/team`);
    await card()
      .getByText('Keys let your own services read campaigns, results, pages and sign-ups', {
        exact: false,
      })
      .waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('rejects an empty name', async () => {
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter a name for the key' }).waitFor();
    expect(await page.getByLabel('Key name', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(await rows().count()).toBe(0);
  });

  it('creates a key, shows its secret once and lists it', async () => {
    await page.getByLabel('Key name', { exact: true }).fill('Build server');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secretBox = page.getByTestId('api-key-secret');
    await secretBox.waitFor();
    expect(await secretBox.textContent()).toContain(
      'Copy this key now. You will not see it again.',
    );
    const secret = (await page.getByTestId('api-key-secret-value').textContent()) ?? '';
    expect(secret.startsWith('kk_')).toBe(true);

    const row = rows().filter({ hasText: 'Build server' });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(`${secret.slice(0, 11)}…`);
    expect(text).toContain('Never used');
    expect(text).not.toContain(secret);
    await toast('API key created').waitFor();
    await shot(page, '40-settings-api-key-created');

    const { apiKeys } = await api.call<{ apiKeys: { name: string }[] }>(
      'GET',
      `/team/${slug}/api-keys`,
    );
    expect(apiKeys.map((key) => key.name)).toEqual(['Build server']);

    await page.reload();
    await rows().filter({ hasText: 'Build server' }).waitFor();
    expect(await page.getByTestId('api-key-secret').count()).toBe(0);
  });

  it('reads with a read-only key and is refused a write; a read-and-write key writes', async () => {
    const create = async (name: string, access: 'Read only' | 'Read and write') => {
      await page.getByLabel('Key name', { exact: true }).fill(name);
      await page.getByRole('radio', { name: access }).check();
      await page.getByRole('button', { name: 'Create key' }).click();
      await rows().filter({ hasText: name }).waitFor();
      return (await page.getByTestId('api-key-secret-value').textContent()) ?? '';
    };
    const withKey = (secret: string, method: string, path: string, body?: unknown) =>
      fetch(`${baseUrl}/api/team/${slug}${path}`, {
        method,
        headers: {
          authorization: `ApiKey ${secret}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const campaign = {
      name: 'Made by a key',
      ingestedUrl: 'shop.example.com/landing',
      elements: [],
      goals: [],
    };

    const reader = await create('Dashboard', 'Read only');
    expect(await rows().filter({ hasText: 'Dashboard' }).innerText()).toContain('Read only');
    const { id } = await api.call<{ id: number }>('POST', `/team/${slug}/campaign/create`, {
      ...campaign,
      name: 'Read me',
    });
    const stats = await withKey(reader, 'POST', '/campaign/stats', {
      id,
      range: { start: '2026-11-01T00:00:00Z', end: '2026-12-01T00:00:00Z' },
      timezone: 'UTC',
      granularity: 'day',
    });
    expect(stats.status).toBe(200);
    expect(((await stats.json()) as { id: number }).id).toBe(id);
    const refused = await withKey(reader, 'POST', '/campaign/create', campaign);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'This API key can only read. Create a key with the write scope to change things.',
    );

    const writer = await create('Automation', 'Read and write');
    expect(await rows().filter({ hasText: 'Automation' }).innerText()).toContain('Read and write');
    expect((await withKey(writer, 'POST', '/campaign/create', campaign)).status).toBe(201);
    await shotAtBothSizes(page, 'settings-api-key-scopes');
  });

  it('revokes a key after confirming', async () => {
    for (const name of ['Dashboard', 'Automation']) {
      await page.getByRole('button', { name: `Revoke ${name}` }).click();
      await page
        .getByTestId('confirm-dialog')
        .getByRole('button', { name: 'Revoke', exact: true })
        .click();
      await rows().filter({ hasText: name }).waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'Revoke Build server' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('Revoke API key').first().waitFor();
    await shot(page, '41-settings-api-key-revoke-confirm');
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await rows().first().waitFor({ state: 'detached' });
    await toast('API key revoked').first().waitFor();
    const { apiKeys } = await api.call<{ apiKeys: unknown[] }>('GET', `/team/${slug}/api-keys`);
    expect(apiKeys).toEqual([]);
  });
});
