import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../apps/server/test/fake-openai-server';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process';
import { launchBrowser } from './support/browser';
import { pickInPreview } from './support/preview-click';
import { routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  createTeamThroughUi,
  newPage,
  newPerson,
  shot,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { openSaasLandingForEditing } from './support/wizard-flow';

// Issue 12's walk-through: AI text suggestions from the element's variant pool (suggest,
// approve, suggest similar, a tone change that empties the pool) and four generated images
// with live progress, once with the offline provider and once against an OpenAI-compatible
// server (a fake on loopback).

interface TextRequest {
  value: string;
  count: number;
  tone?: string;
}

function aiWalkThrough(
  provider: 'local' | 'openai',
  serverUrl: () => string,
  { beforeImages }: { beforeImages?: () => void } = {},
) {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  const textRequests: TextRequest[] = [];

  const frame = (): FrameLocator => page.frameLocator('iframe[title="Live preview"]');
  const sideMenu = () => page.getByTestId('element-side-menu');
  const rows = (group: 'suggested' | 'saved') =>
    sideMenu().getByTestId(`variant-group-${group}`).getByTestId('variant-row');
  const rowCount = (group: 'suggested' | 'saved') => async () =>
    (await sideMenu().getByTestId(`variant-group-${group}`).count()) === 0
      ? 0
      : rows(group).count();
  const tag = `${provider}-ai`;

  /** Picking opens an empty draft; cancelling it shows the element's variants and its AI. */
  async function pickElement(selector: string): Promise<void> {
    const editor = page.getByTestId('draft-editor');
    await pickInPreview(page, frame().locator(selector), editor);
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await editor.waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, serverUrl()));
    await routeFixtureHost(page, fixtures, ['/api/team/*/campaign/is-image']);
    page.on('request', (request) => {
      if (request.url().endsWith('/campaign/generate-text')) {
        textRequests.push(request.postDataJSON() as TextRequest);
      }
    });
    await signUpThroughUi(page, newPerson('AI Tester', tag));
    await createTeamThroughUi(page, `AI Team ${provider}`);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('opens the page and picks the headline', async () => {
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await openSaasLandingForEditing(page, fixtures);
    await pickElement('h1');
    await sideMenu().getByTestId('ai-text').waitFor();
  });

  it('suggests 3 variants from the pool and says whether they are offline', async () => {
    await sideMenu().getByRole('button', { name: 'Suggest 3 variants' }).click();
    await expect.poll(rowCount('suggested'), { timeout: 15_000 }).toBe(3);
    expect(textRequests[0]).toMatchObject({ count: 10, tone: 'professional' });
    const offline = sideMenu().getByTestId('ai-offline');
    if (provider === 'local') await offline.waitFor();
    else expect(await offline.count()).toBe(0);
    await expect
      .poll(() => sideMenu().getByRole('button', { name: 'Add AI variant' }).isEnabled(), {
        timeout: 15_000,
      })
      .toBe(true);
    await shotAtBothSizes(page, `ai-01-text-suggestions-${provider}`);
  });

  it('approves a suggestion and suggests one similar to it', async () => {
    await rows('suggested').first().getByRole('button', { name: 'Approve' }).click();
    await expect.poll(rowCount('saved')).toBe(1);
    await expect.poll(rowCount('suggested')).toBe(2);
    const approved = (await rows('saved').first().textContent()) ?? '';
    const before = textRequests.length;
    await rows('saved').first().getByRole('button', { name: 'Suggest similar' }).click();
    await expect.poll(rowCount('suggested'), { timeout: 15_000 }).toBe(3);
    // Similar to another text: a new pool, filled from that text.
    expect(textRequests[before]?.count).toBe(10);
    expect(approved).toContain(textRequests[before]?.value ?? '-');
  });

  it('empties the pool when the tone changes', async () => {
    const addAi = sideMenu().getByRole('button', { name: 'Add AI variant' });
    await expect.poll(() => addAi.isEnabled(), { timeout: 15_000 }).toBe(true);
    await sideMenu().getByLabel('Tone').selectOption('playful');
    const before = textRequests.length;
    await addAi.click();
    await expect.poll(rowCount('suggested'), { timeout: 15_000 }).toBe(4);
    expect(textRequests[before]).toMatchObject({ count: 10, tone: 'playful' });
    await shot(page, `ai-02-tone-${provider}`);
  });

  it('generates 4 images with live progress and approves one', async () => {
    await sideMenu().getByRole('button', { name: 'Close', exact: true }).click();
    await pickElement('img.hero-shot');
    const panel = sideMenu().getByTestId('ai-images');
    await panel.waitFor();
    await panel.getByLabel('Describe an image').fill('A reading lamp on an oak desk');
    // Every phase a progress bar shows, as the real-time messages arrive.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as { phases?: string[] }).phases = seen;
      new MutationObserver(() => {
        for (const bar of Array.from(
          document.querySelectorAll('[role="progressbar"][data-phase]'),
        )) {
          const phase = bar.getAttribute('data-phase')!;
          if (!seen.includes(phase)) seen.push(phase);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    beforeImages?.();
    await panel.getByRole('button', { name: 'Generate 4 images' }).click();
    await expect.poll(rowCount('suggested'), { timeout: 60_000 }).toBe(4);
    await expect
      .poll(() => sideMenu().getByRole('progressbar').count(), { timeout: 60_000 })
      .toBe(0);
    const phases = await page.evaluate(() => (window as { phases?: string[] }).phases ?? []);
    expect(phases).toContain('generate');
    for (const n of [1, 2, 3, 4]) {
      const image = rows('suggested')
        .nth(n - 1)
        .getByRole('img', { name: `Suggestion ${n} image` });
      expect(await image.getAttribute('src')).toMatch(/^\/api\/files\/uploads\//);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
    }
    await shotAtBothSizes(page, `ai-03-images-${provider}`);
    await rows('suggested').first().getByRole('button', { name: 'Approve' }).click();
    await expect.poll(rowCount('saved')).toBe(1);
    await expect.poll(rowCount('suggested')).toBe(3);
  });
}

describe('AI suggestions in the wizard, offline provider', () => {
  aiWalkThrough('local', () => inject('baseUrl'));
});

describe('AI suggestions in the wizard, against an OpenAI-compatible server', () => {
  let fake: FakeOpenAiServer;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-e2e-ai-'));
    server = await startServerProcess({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      PREVIEW_ALLOW_HOSTS: '127.0.0.1,fixtures.localhost',
      AI_PROVIDER: 'openai',
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: 'sk-e2e',
      AI_MAX_ATTEMPTS: '1',
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // A model answering in a millisecond moves from "generate" to "save" before the page draws
  // the first: the first image call takes 3 s, as a real model's would, so each phase shows.
  aiWalkThrough('openai', () => server.url, { beforeImages: () => fake.script('slow') });

  it('sent every call to the model with the key', () => {
    expect(fake.requests.length).toBeGreaterThan(4);
    expect(fake.requests.every((request) => request.authorization === 'Bearer sk-e2e')).toBe(true);
    expect(fake.requests.filter((request) => request.path === '/images/generations')).toHaveLength(
      4,
    );
  });
});
