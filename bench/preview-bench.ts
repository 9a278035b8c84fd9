import { get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../apps/server/src/app';
import { NO_CHROMIUM_MESSAGE, resolveChromium } from '../apps/server/src/browser/resolve-chromium';
import { loadConfig, testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { createTeam, signUp } from '../apps/server/test/test-app';
import { startFixtureServer } from '../e2e/support/fixture-server';

const ROUNDS = 30;
const BROWSER_ROUNDS = 10;
const SHOTS = 5;

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Time to the response headers and to the last body byte of one GET. */
function timeGet(url: string): Promise<{ ttfb: number; full: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    get(url, { agent: false }, (response) => {
      const ttfb = performance.now() - start;
      response.on('data', () => {});
      response.on('end', () => resolve({ ttfb, full: performance.now() - start }));
    }).on('error', reject);
  });
}

async function ticketUrl(appOrigin: string, pageUrl: string, token: string): Promise<string> {
  const response = await fetch(`${appOrigin}/api/preview/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: pageUrl }),
  });
  if (response.status !== 200) throw new Error(`no ticket: ${response.status}`);
  const { src } = (await response.json()) as { src: string };
  return new URL(src, appOrigin).toString();
}

async function browserLoad(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const start = performance.now();
  await page.goto(url, { waitUntil: 'load' });
  const elapsed = performance.now() - start;
  await context.close();
  return elapsed;
}

const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}x`;

export async function previewBench(): Promise<void> {
  console.log('\n== page proxy vs direct (same fixture page, same process) ==');
  const fixtures = await startFixtureServer();
  const port = new URL(fixtures.origin).port;
  const database = await openDatabase({ kind: 'pglite' });
  const { app } = await buildApp({
    config: testConfig({
      PREVIEW_ALLOW_HOSTS: ['127.0.0.1', 'fixture.localhost'],
      JOB_POLL_MS: 50,
    }),
    db: database.db,
  });
  const found = await resolveChromium({ chromiumPath: loadConfig().CHROMIUM_PATH });
  if (!found) throw new Error(NO_CHROMIUM_MESSAGE);
  console.log(`browser: ${found.source} Chromium at ${found.executablePath}`);
  const browser = await chromium.launch({ executablePath: found.executablePath, args: found.args });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const appOrigin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const account = await signUp(app);
    const slug = await createTeam(app, account, 'Bench Preview');
    const direct = `${fixtures.origin}/saas-landing.html`;
    const proxied = await ticketUrl(appOrigin, direct, account.token);

    const directTimes: { ttfb: number; full: number }[] = [];
    const proxyTimes: { ttfb: number; full: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      directTimes.push(await timeGet(direct));
      proxyTimes.push(await timeGet(proxied));
    }
    const directTtfb = median(directTimes.map((t) => t.ttfb));
    const proxyTtfb = median(proxyTimes.map((t) => t.ttfb));
    const directFull = median(directTimes.map((t) => t.full));
    const proxyFull = median(proxyTimes.map((t) => t.full));
    console.log(
      `time to first byte: proxy ${proxyTtfb.toFixed(2)} ms vs direct ${directTtfb.toFixed(2)} ms = ${ratio(proxyTtfb, directTtfb)}`,
    );
    console.log(
      `HTML fully read:    proxy ${proxyFull.toFixed(2)} ms vs direct ${directFull.toFixed(2)} ms = ${ratio(proxyFull, directFull)}`,
    );

    const directLoads: number[] = [];
    const proxyLoads: number[] = [];
    for (let i = 0; i < BROWSER_ROUNDS; i++) {
      directLoads.push(await browserLoad(browser, direct));
      proxyLoads.push(await browserLoad(browser, proxied));
    }
    const directLoad = median(directLoads);
    const proxyLoad = median(proxyLoads);
    console.log(
      `Chromium full load: proxy ${proxyLoad.toFixed(1)} ms vs direct ${directLoad.toFixed(1)} ms = ${ratio(proxyLoad, directLoad)} (budget 1.3x)`,
    );

    console.log('\n== screenshot job vs a bare Chromium screenshot (same page, same process) ==');
    const bare: number[] = [];
    for (let i = 0; i < SHOTS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const start = performance.now();
      await page.goto(direct, { waitUntil: 'load' });
      await page.screenshot();
      bare.push(performance.now() - start);
      await context.close();
    }
    const shotUrl = `http://fixture.localhost:${port}/saas-landing.html`;
    const jobs: number[] = [];
    for (let i = 0; i < SHOTS; i++) {
      const start = performance.now();
      const requested = await app.inject({
        method: 'GET',
        url: `/api/team/${slug}/campaign/screenshot?url=${encodeURIComponent(shotUrl)}`,
        headers: { authorization: `Bearer ${account.token}` },
      });
      const { jobId } = requested.json<{ jobId: string }>();
      for (;;) {
        const job = await app.inject({
          method: 'GET',
          url: `/api/team/${slug}/jobs/by-id?id=${jobId}`,
          headers: { authorization: `Bearer ${account.token}` },
        });
        const { status } = job.json<{ status: string }>();
        if (status === 'succeeded') break;
        if (status === 'failed') throw new Error(`screenshot failed: ${job.body}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      jobs.push(performance.now() - start);
    }
    const bareShot = median(bare);
    const jobShot = median(jobs);
    console.log(
      `screenshot job (queue, guarded capture, 2 thumbnails): ${jobShot.toFixed(0)} ms vs bare goto+screenshot ${bareShot.toFixed(0)} ms = ${ratio(jobShot, bareShot)}`,
    );
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    await fixtures.close();
  }
}
