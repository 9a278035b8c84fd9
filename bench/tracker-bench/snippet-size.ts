import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { build } from 'esbuild';
import { agentBuildOptions } from '@kindling/page-runtime/agent-build';
import { buildTracker, trackerBundles } from '@kindling/page-runtime/tracker-build';
import { GROWTHBOOK_BUNDLE } from './growthbook';

// Every size is the body as gzip -6 (zlib's default, the level the budget test's
// CompressionStream uses) compresses it; what a server or CDN sends may differ by a few bytes.

/** A body's bytes, as sent and gzipped. */
export interface Sized {
  raw: number;
  gzip: number;
}

export interface SnippetSizes {
  /** GET /api/tracker/{team}.js for the bench team: runtime + bootstrap wrapper, exact bytes. */
  served: { raw: number; gzip: number };
  /** The runtime bundle alone (the plain tracker, as the budget test builds it). */
  runtime: { raw: number; gzip: number };
  /** Each source module's share of the runtime, largest first (see `moduleShares`). */
  modules: { module: string; raw: number; gzip: number }[];
  /** GET /api/tracker/{team}/config.json: fetched by the script, one campaign of ten elements. */
  config: { raw: number; gzip: number };
  /** dist/bundles/auto.min.js of @growthbook/growthbook. */
  growthbook: { raw: number; gzip: number };
  /** GrowthBook's inline payload (the same ten changes), which sits in the page's HTML. */
  growthbookPayload: { raw: number; gzip: number };
}

const sized = (body: Buffer | string): Sized => {
  const buffer = Buffer.from(body);
  return { raw: buffer.length, gzip: gzipSync(buffer).length };
};

/**
 * Where the runtime's bytes are: each module's bytes in esbuild's minified bundle (its metafile)
 * and that share of the gzipped runtime. An estimate per module, since gzip and terser work
 * across module boundaries; the total is exact.
 */
async function moduleShares(runtimeGzip: number) {
  const { metafile } = await build({
    ...agentBuildOptions,
    entryPoints: [trackerBundles.plain.entry],
    write: false,
    metafile: true,
  });
  const inputs = Object.values(metafile.outputs)[0]?.inputs ?? {};
  const total = Object.values(inputs).reduce((sum, input) => sum + input.bytesInOutput, 0);
  const root = path.resolve(import.meta.dirname, '../../packages');
  return Object.entries(inputs)
    .map(([file, { bytesInOutput }]) => ({
      module: path.relative(root, path.resolve(file)),
      raw: bytesInOutput,
      gzip: Math.round((bytesInOutput / total) * runtimeGzip),
    }))
    .sort((a, b) => b.raw - a.raw);
}

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

export async function measureSnippetSizes({
  scriptUrl,
  configUrl,
  growthbookHeadScript,
}: {
  scriptUrl: string;
  configUrl: string;
  /** The inline <script> that carries GrowthBook's payload. */
  growthbookHeadScript: string;
}): Promise<SnippetSizes> {
  const runtime = sized((await buildTracker('plain')).text);
  return {
    served: sized(await download(scriptUrl)),
    runtime,
    modules: await moduleShares(runtime.gzip),
    config: sized(await download(configUrl)),
    growthbook: sized(readFileSync(GROWTHBOOK_BUNDLE)),
    growthbookPayload: sized(growthbookHeadScript),
  };
}

/**
 * GET /api/tracker/{team}.js once the team's campaign has an audience: the server serves the
 * tracker with the targeting part from the next request after the change (polled, as the
 * served file is rebuilt in the background).
 */
export async function measureTargetedScript(
  scriptUrl: string,
): Promise<{ served: Sized; part: Sized }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const body = await download(scriptUrl);
    // The targeting part's import: in the rules bundles only.
    if (body.includes('targeting.js')) {
      const part = await download(scriptUrl.replace(/\.js$/, '/targeting.js'));
      return { served: sized(body), part: sized(part) };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the served script never took the targeting part');
}
