import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { NO_CHROMIUM_MESSAGE, resolveChromium } from '../apps/server/src/browser/resolve-chromium';
import { loadConfig } from '../apps/server/src/config';
import { startServerProcess } from '../apps/server/test/server-process';
import { CHANGES } from './tracker-bench/changes';
import {
  GROWTHBOOK_BUNDLE,
  GROWTHBOOK_SCRIPT_PATH,
  growthbookConfigScript,
  growthbookPayload,
  growthbookTag,
} from './tracker-bench/growthbook';
import { createKindlingTeam } from './tracker-bench/kindling-team';
import { measureLoad, type LoadSample } from './tracker-bench/page-load';
import { startPageServer } from './tracker-bench/page-server';
import {
  reportLoads,
  reportSizes,
  reportTargetedSize,
  VARIANTS,
  type Variant,
} from './tracker-bench/report';
import { measureSnippetSizes, measureTargetedScript } from './tracker-bench/snippet-size';

// Our tracker next to GrowthBook's script tag on the same page in the same run: script size,
// main-thread time to assign and apply the same ten changes, and what our snippet does to LCP.

/** A customer's site: a host name with a TLD, mapped to loopback inside Chromium only. */
const SHOP_HOST = 'shop.kindling.test';
const LOADS = Number(process.env.BENCH_TRACKER_LOADS ?? 15);

async function launch(): Promise<Browser> {
  const found = await resolveChromium({ chromiumPath: loadConfig().CHROMIUM_PATH });
  if (!found) throw new Error(NO_CHROMIUM_MESSAGE);
  console.log(`browser: ${found.source} Chromium at ${found.executablePath}`);
  return chromium.launch({
    executablePath: found.executablePath,
    args: [...found.args, `--host-resolver-rules=MAP ${SHOP_HOST} 127.0.0.1`],
  });
}

/** One warm-up load per variant, then `LOADS` rounds of one load per variant. */
async function sampleLoads(
  browser: Browser,
  { pageUrl, visitorId }: { pageUrl: (variant: Variant) => string; visitorId: string },
): Promise<Map<Variant, LoadSample[]>> {
  const load = (variant: Variant) =>
    measureLoad(browser, {
      url: pageUrl(variant),
      visitorId,
      expected: CHANGES.map((change) => ({
        selector: change.selector,
        expected: variant === 'none' ? change.original : change.variant,
      })),
      ...(variant === 'kindling-async'
        ? {
            originals: CHANGES.map(({ selector, original }) => ({ selector, expected: original })),
          }
        : {}),
      allowedHosts: [SHOP_HOST, '127.0.0.1'],
    });
  for (const variant of VARIANTS) await load(variant); // server caches, browser start-up
  const samples = new Map<Variant, LoadSample[]>(VARIANTS.map((variant) => [variant, []]));
  for (let round = 0; round < LOADS; round += 1) {
    // The order rotates, so each variant runs at each place in the round equally often.
    for (let i = 0; i < VARIANTS.length; i += 1) {
      const variant = VARIANTS[(round + i) % VARIANTS.length]!;
      samples.get(variant)!.push(await load(variant));
    }
  }
  return samples;
}

export async function trackerBench(): Promise<void> {
  console.log(
    `\n== Tracker vs GrowthBook's script tag: size, main thread, LCP ` +
      `(same page, ${LOADS} fresh loads each, ${cpus().length} cores) ==`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-bench-tracker-'));
  const pages = await startPageServer({
    host: SHOP_HOST,
    scripts: { [GROWTHBOOK_SCRIPT_PATH]: GROWTHBOOK_BUNDLE },
  });
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    COLLECT_RATE_LIMIT_PER_MINUTE: '1000000',
    COLLECT_BYTES_PER_MINUTE: '1073741824',
    JOB_WORKER: 'false',
  });
  let browser: Browser | undefined;
  try {
    if (!server.healthy) throw new Error(`server did not start:\n${server.output()}`);
    const pageUrl = pages.pageUrl('kindling').replace(/\?.*$/, '');
    const team = await createKindlingTeam(server.url, { pageUrl, changes: CHANGES });
    const growthbookConfig = growthbookConfigScript(growthbookPayload(pageUrl, CHANGES));
    pages.setHead('none', '');
    pages.setHead('kindling', team.snippet);
    pages.setHead('kindling-async', team.asyncSnippet);
    pages.setHead('growthbook', growthbookConfig + growthbookTag(pages.origin));

    reportSizes(
      await measureSnippetSizes({
        scriptUrl: team.scriptUrl,
        configUrl: team.configUrl,
        growthbookHeadScript: growthbookConfig,
      }),
    );

    browser = await launch();
    const samples = await sampleLoads(browser, {
      pageUrl: pages.pageUrl,
      visitorId: team.visitorId,
    });
    reportLoads(samples);
    // After the loads, which measure the plain tracker most teams get.
    await team.addAudience();
    reportTargetedSize(await measureTargetedScript(team.scriptUrl));
  } finally {
    await browser?.close();
    await server.stop();
    await pages.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
