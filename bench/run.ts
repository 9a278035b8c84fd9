/**
 * `npm run bench`: figures are printed as ratios against a baseline measured in the same run,
 * so they compare across machines. Nothing here asserts timings; budgets are reported.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { apiBench } from './api-bench';
import { previewBench } from './preview-bench';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function initialJsGzipBytes(): number | undefined {
  const dist = path.join(root, 'apps/web/dist');
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const html = readFileSync(indexFile, 'utf8');
  // The initial route loads the entry module and the chunks it preloads.
  const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  return scripts.reduce(
    (total, file) => total + gzipSync(readFileSync(path.join(dist, file))).length,
    0,
  );
}

async function main() {
  const budgetBytes = 150 * 1024;
  const initial = initialJsGzipBytes();
  console.log('\n== web app initial-route JS (gzip) ==');
  if (initial === undefined) {
    console.log('apps/web/dist missing: run `npm run build` first');
  } else {
    const assets = readdirSync(path.join(root, 'apps/web/dist/assets')).length;
    console.log(
      `${(initial / 1024).toFixed(1)} KB gzip = ${(initial / budgetBytes).toFixed(2)}x of the 150 KB budget (${assets} assets in dist)`,
    );
  }
  await apiBench();
  await previewBench();
}

await main();
