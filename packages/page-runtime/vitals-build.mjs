// esbuild options for the Web Vitals module (GET /api/tracker/{team}/vitals.js): loaded by the
// tracker after `load` on sampled page views only, so it is outside the tracker's size budget.
// The server builds it in memory once per process.
import path from 'node:path';
import { agentBuildOptions, runtimeRoot } from './agent-build.mjs';

export const vitalsEntry = path.join(runtimeRoot, 'src/web-vitals/entry.ts');
export const vitalsBuildOptions = {
  ...agentBuildOptions,
  entryPoints: [vitalsEntry],
};
