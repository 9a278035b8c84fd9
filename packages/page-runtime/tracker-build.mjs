// esbuild options for the tracker bundle (GET /api/tracker/{team}.js), shared by `build.mjs`,
// the server (which builds it in memory when dist/ is stale) and the size test.
import path from 'node:path';
import { agentBuildOptions, agentSources, runtimeRoot } from './agent-build.mjs';

export const trackerEntry = path.join(runtimeRoot, 'src/tracker/entry.ts');
export const trackerOutfile = path.join(runtimeRoot, 'dist/tracker.js');
export const trackerSources = agentSources;
/** The free identifier the bundle reads its bootstrap from; the server binds it. */
export const BOOTSTRAP_NAME = 'KINDLING_BOOTSTRAP';

/**
 * The tracker bundle's size budget, gzipped: 6 KB in ARCHITECTURE.md, 7 KB since self-healing,
 * 7.125 KB since the burner pages' collect key (docs/decisions.md). The size test enforces it
 * and the tracker bench reports against it.
 */
export const TRACKER_BUDGET_GZIP_BYTES = 7.125 * 1024;

export const trackerBuildOptions = {
  ...agentBuildOptions,
  entryPoints: [trackerEntry],
};

// The variant preview script (GET /api/tracker/{team}/preview.js): loaded by the tracker only on
// pages opened from a preview link, so it is outside the tracker's size budget.
export const previewEntry = path.join(runtimeRoot, 'src/variant-preview/entry.ts');
export const previewOutfile = path.join(runtimeRoot, 'dist/variant-preview.js');
export const previewBuildOptions = {
  ...agentBuildOptions,
  entryPoints: [previewEntry],
};
