import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Plants real files in a copy of the tree (the zones are built from the folder listing, and
// type-aware rules need files their tsconfig includes) and lints them with the project's config.
// A copy, so a run that is interrupted never leaves planted files in the working tree.
const repo = path.resolve(import.meta.dirname, '../..');
const SKIPPED = new Set(['node_modules', '.git', 'dist', '.e2e-artifacts']);
const root = mkdtempSync(path.join(tmpdir(), 'kindling-lint-rules-'));
const tag = `zz-planted-${process.pid}`;
const planted: string[] = [];

function copyTree(): void {
  cpSync(repo, root, {
    recursive: true,
    filter: (source) => !SKIPPED.has(path.basename(source)),
  });
  for (const modules of ['node_modules', 'apps/web/node_modules']) {
    if (existsSync(path.join(repo, modules))) {
      symlinkSync(path.join(repo, modules), path.join(root, modules), 'dir');
    }
  }
}

function plant(file: string, text: string): string {
  const absolute = path.join(root, file);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, text);
  planted.push(file);
  return file;
}

const files = {
  crossFeature: `apps/web/src/features/${tag}/state/reach.ts`,
  uiToFeature: `apps/web/src/ui/${tag}.ts`,
  cycleA: `apps/web/src/lib/${tag}-a.ts`,
  cycleB: `apps/web/src/lib/${tag}-b.ts`,
  hookToComponent: `apps/web/src/features/${tag}/hooks/use-thing.ts`,
  component: `apps/web/src/features/${tag}/components/thing.ts`,
  siblingA: `apps/web/src/features/${tag}/one/state/a.ts`,
  siblingB: `apps/web/src/features/${tag}/two/state/b.ts`,
  allowedWeb: `apps/web/src/features/${tag}/components/allowed.ts`,
  serverRepo: `apps/server/src/modules/${tag}/use-repo.ts`,
  serverAllowed: `apps/server/src/modules/${tag}/use-case.ts`,
  infraToModule: `apps/server/src/http/${tag}.ts`,
  long: `apps/web/src/lib/${tag}-long.ts`,
};

let results: Map<string, string[]>;

beforeAll(async () => {
  copyTree();
  plant(
    files.crossFeature,
    "export { useCampaigns } from '../../campaigns/hooks/use-campaigns';\n",
  );
  plant(
    files.uiToFeature,
    "export { useCampaigns } from '../features/campaigns/hooks/use-campaigns';\n",
  );
  plant(files.cycleA, `import { b } from './${tag}-b';\nexport const a = (): number => b() + 1;\n`);
  plant(
    files.cycleB,
    `import { a } from './${tag}-a';\nexport const b = (): number => (a.length > 9 ? 1 : 0);\n`,
  );
  plant(files.component, 'export const thing = 1;\n');
  plant(files.hookToComponent, "export { thing } from '../components/thing';\n");
  plant(files.siblingB, 'export const b = 2;\n');
  plant(files.siblingA, "export { b } from '../../two/state/b';\n");
  plant(
    files.allowedWeb,
    "export { b } from '../two/state/b';\nexport { thing as other } from './thing';\nexport { logger } from '../../../lib/logger';\n",
  );
  plant(files.serverRepo, "export { findTeam } from '../teams/repo';\n");
  plant(files.serverAllowed, "export { getSubscription } from '../teams/get-subscription';\n");
  plant(
    files.infraToModule,
    "export { getSubscription } from '../modules/teams/get-subscription';\n",
  );
  plant(
    files.long,
    Array.from({ length: 301 }, (_, i) => `export const line${i} = ${i};`).join('\n') + '\n',
  );
  const eslint = new ESLint({ cwd: root });
  const reports = await eslint.lintFiles(planted);
  results = new Map(
    reports.map((report) => [
      path.relative(root, report.filePath),
      report.messages.map((message) => `${message.ruleId}: ${message.message}`),
    ]),
  );
}, 180_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const problemsOf = (file: string) => results.get(file) ?? [];

describe('lint guards the boundaries the conventions promise', () => {
  it('refuses a new feature importing another feature (zones come from the folder listing)', () => {
    expect(problemsOf(files.crossFeature)).toContain(
      'kindling/no-restricted-paths: A feature never imports another feature; move shared code to src/ui or src/lib.',
    );
  });

  it('refuses src/ui importing a feature', () => {
    expect(problemsOf(files.uiToFeature)).toContain(
      'kindling/no-restricted-paths: src/ui and src/lib are shared by features: they never import a feature or the app.',
    );
  });

  it('refuses an import cycle, on both files', () => {
    expect(problemsOf(files.cycleA)).toContain(
      `kindling/no-cycle: Import cycle: ${files.cycleA} -> ${files.cycleB} -> ${files.cycleA}`,
    );
    expect(problemsOf(files.cycleB).some((p) => p.startsWith('kindling/no-cycle:'))).toBe(true);
  });

  it('refuses a hook importing a component, and a sub-feature importing its sibling', () => {
    expect(problemsOf(files.hookToComponent)).toContain(
      'kindling/feature-layers: A hooks file may not import components (layers: state < api < hooks < components).',
    );
    expect(problemsOf(files.siblingA)).toContain(
      'kindling/feature-layers: Sub-feature "one" never imports its sibling "two"; share through the feature\'s own layers.',
    );
  });

  it("refuses a server module importing another module's repository, and infrastructure importing a module", () => {
    expect(problemsOf(files.serverRepo)).toContain(
      "kindling/no-restricted-paths: The teams module's repository is private: call one of its use-cases.",
    );
    expect(problemsOf(files.infraToModule)).toContain(
      'kindling/no-restricted-paths: src/http is infrastructure: modules plug into it from app.ts, never the other way round.',
    );
  });

  it('refuses a source file over 300 lines', () => {
    expect(problemsOf(files.long).some((p) => p.startsWith('max-lines:'))).toBe(true);
  });

  it('lets allowed imports through (positive controls)', () => {
    expect(problemsOf(files.allowedWeb)).toEqual([]);
    expect(problemsOf(files.serverAllowed)).toEqual([]);
    expect(problemsOf(files.component)).toEqual([]);
  });
});
