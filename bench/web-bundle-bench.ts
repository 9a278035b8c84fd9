import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// What the browser loads for the app's first route, gzipped: the entry script, every chunk it
// imports statically (followed through the chunks, not only as index.html lists them) and every
// stylesheet index.html links. The 150 KB budget (ARCHITECTURE.md "Budgets") applies to this sum;
// over it, the bench fails.

const BUDGET_BYTES = 150 * 1024;

interface Asset {
  file: string;
  gzip: number;
}

interface FirstScreen {
  label: string;
  /** The lazy chunks the screen's route fetches once the entry runs (file names before the hash). */
  chunks: string[];
  /** Held to the 150 KB budget with the initial route: over it, or not found, the bench fails. */
  budgeted: boolean;
  /** Loaded by `importer` on first use (not to paint the screen): shown, not counted. */
  onFirstUse?: { label: string; importer: string; chunks: string[] };
}

const FIRST_SCREENS: FirstScreen[] = [
  {
    label: 'signed-out first screen (sign-in)',
    chunks: ['sign-in-page'],
    budgeted: true,
    onFirstUse: {
      label: 'the form rules, on the first keystroke or submit',
      importer: 'sign-in-page',
      chunks: ['auth-schemas'],
    },
  },
  {
    label: 'signed-in first screen (team shell, campaign list)',
    chunks: ['team-layout', 'notification-bell', 'campaign-list-page', 'intro-survey-prompt'],
    budgeted: false,
  },
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** `import … from"./x.js"` and `import"./x.js"`; a dynamic `import("./x.js")` has a parenthesis. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g;

function gzipOf(dist: string, file: string): number {
  return gzipSync(readFileSync(path.join(dist, file))).length;
}

/** The entry and the files index.html names (scripts, module preloads, stylesheets). */
function htmlAssets(html: string): { entry: string; files: string[] } {
  const entry = /<script[^>]*type="module"[^>]*src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!,
  );
  return { entry, files };
}

/** `files` and every JS chunk they import statically, transitively. */
function withStaticImports(dist: string, files: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.endsWith('.js')) return;
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) visit(`assets/${match[1]!}`);
  };
  files.forEach(visit);
  return [...seen];
}

/**
 * The files Vite preloads for a lazy `import("./<name>-<hash>.js")` in a chunk (the imported
 * chunk, its static imports and their CSS), read from the chunk's `__vite__mapDeps` table.
 * Undefined when the build's shape is not recognised, so a wrong figure is never printed.
 */
function lazyImportFiles(importerCode: string, name: string): string[] | undefined {
  const table = /m\.f=(\[[^\]]*\])/.exec(importerCode)?.[1];
  const call = new RegExp(
    `import\\(\\s*["'\`]\\./${name}-[\\w-]+\\.js["'\`]\\s*\\)(?:(?!import\\()[^]){0,200}?__vite__mapDeps\\(\\[([\\d,]*)\\]\\)`,
  ).exec(importerCode);
  if (!table || !call) return undefined;
  const files = JSON.parse(table) as string[];
  return call[1]!.split(',').map((index) => files[Number(index)]!);
}

const sum = (list: Asset[]) => list.reduce((total, asset) => total + asset.gzip, 0);

function printAssets(label: string, assets: Asset[]) {
  const js = assets.filter((asset) => asset.file.endsWith('.js'));
  console.log(
    `${label}: ${kb(sum(assets))} gzip = ${(sum(assets) / BUDGET_BYTES).toFixed(2)}x of the ${kb(BUDGET_BYTES)} budget` +
      ` (JS ${kb(sum(js))} in ${js.length} files, CSS ${kb(sum(assets) - sum(js))})`,
  );
}

export function webBundleBench(root: string) {
  const dist = path.join(root, 'apps/web/dist');
  const indexFile = path.join(dist, 'index.html');
  console.log('\n== web app initial route (gzip: JS entry + static imports + CSS) ==');
  if (!existsSync(indexFile)) {
    console.log('apps/web/dist missing: run `npm run build` first');
    process.exitCode = 1;
    return;
  }
  const { entry, files } = htmlAssets(readFileSync(indexFile, 'utf8'));
  const initial = withStaticImports(dist, [entry, ...files]).map((file) => ({
    file,
    gzip: gzipOf(dist, file),
  }));
  const total = sum(initial);
  printAssets('initial route', initial);
  for (const asset of [...initial].sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `  ${kb(asset.gzip).padStart(9)}  ${asset.file}${asset.file === entry ? ' (entry)' : ''}`,
    );
  }
  if (total > BUDGET_BYTES) {
    console.log(
      `OVER BUDGET: the initial route is ${kb(total - BUDGET_BYTES)} over ${kb(BUDGET_BYTES)}`,
    );
    process.exitCode = 1;
  }

  const entryCode = readFileSync(path.join(dist, entry), 'utf8');
  const counted = new Set(initial.map((asset) => asset.file));
  const assets = readdirSync(path.join(dist, 'assets'));
  for (const screen of FIRST_SCREENS) firstScreen(dist, entryCode, counted, assets, screen);

  const wizard = assets.find((file) => /^wizard-page-.*\.js$/.test(file));
  if (wizard) {
    const size = gzipOf(dist, `assets/${wizard}`);
    console.log(
      `wizard route chunk (lazy): ${kb(size)} gzip = ${(size / total).toFixed(2)}x the initial route (${assets.length} assets in dist)`,
    );
  }
}

/** The initial route plus the screen's lazy chunks; what it loads on first use is shown apart. */
function firstScreen(
  dist: string,
  entryCode: string,
  initial: Set<string>,
  assets: string[],
  screen: FirstScreen,
) {
  const label = `+ ${screen.label}${screen.budgeted ? '' : ' (shown, not budgeted)'}`;
  const lists = screen.chunks.map((name) => lazyImportFiles(entryCode, name));
  if (!lists.every((list) => list !== undefined)) {
    console.log(`${label}: lazy chunks not found in the entry (build shape changed?)`);
    if (screen.budgeted) process.exitCode = 1;
    return;
  }
  const extra = [...new Set(lists.flat())].filter((file) => !initial.has(file));
  const files = [...initial, ...extra].map((file) => ({ file, gzip: gzipOf(dist, file) }));
  printAssets(label, files);
  const total = sum(files);
  if (screen.budgeted && total > BUDGET_BYTES) {
    console.log(`OVER BUDGET: the ${screen.label} is ${kb(total - BUDGET_BYTES)} over`);
    process.exitCode = 1;
  }
  if (!screen.onFirstUse) return;
  const { importer, chunks } = screen.onFirstUse;
  const importerFile = assets.find((file) => new RegExp(`^${importer}-[\\w-]+\\.js$`).test(file));
  const code = importerFile && readFileSync(path.join(dist, 'assets', importerFile), 'utf8');
  const later = code ? chunks.map((name) => lazyImportFiles(code, name)) : [];
  if (!code || !later.every((list) => list !== undefined)) {
    console.log(`    then ${screen.onFirstUse.label}: not found (build shape changed?)`);
    return;
  }
  const seen = new Set(files.map((asset) => asset.file));
  const more = [...new Set(later.flat())].filter((file) => !seen.has(file));
  const moreSize = sum(more.map((file) => ({ file, gzip: gzipOf(dist, file) })));
  console.log(
    `    then ${screen.onFirstUse.label}: +${kb(moreSize)} in ${more.length} files (${kb(total + moreSize)} in all; not counted)`,
  );
}
