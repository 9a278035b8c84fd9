import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { trackerBuildOptions } from '@kindling/page-runtime/tracker-build';
import { GROWTHBOOK_BUNDLE } from './growthbook';

// Every size is the body as gzip -6 (zlib's default, the level the budget test's
// CompressionStream uses) compresses it; what a server or CDN sends may differ by a few bytes.

export interface SnippetSizes {
  /** GET /api/tracker/{team}.js for the bench team: runtime + bootstrap wrapper, exact bytes. */
  served: { raw: number; gzip: number };
  /** The runtime bundle alone, as the budget test builds and measures it. */
  runtime: { raw: number; gzip: number };
  /** GET /api/tracker/{team}/config.json: fetched by the script, one campaign of ten elements. */
  config: { raw: number; gzip: number };
  /** dist/bundles/auto.min.js of @growthbook/growthbook. */
  growthbook: { raw: number; gzip: number };
  /** GrowthBook's inline payload (the same ten changes), which sits in the page's HTML. */
  growthbookPayload: { raw: number; gzip: number };
}

const sized = (body: Buffer | string) => {
  const buffer = Buffer.from(body);
  return { raw: buffer.length, gzip: gzipSync(buffer).length };
};

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
  const runtime = await build({ ...trackerBuildOptions, write: false });
  const text = runtime.outputFiles[0]?.text;
  if (!text) throw new Error('the tracker build produced no output');
  return {
    served: sized(await download(scriptUrl)),
    runtime: sized(text),
    config: sized(await download(configUrl)),
    growthbook: sized(readFileSync(GROWTHBOOK_BUNDLE)),
    growthbookPayload: sized(growthbookHeadScript),
  };
}
