// esbuild options for the tracker's parts outside its size budget, which it loads beside the
// config after `load` (src/tracker/load-part.ts): vitals.js (GET /api/tracker/{team}/vitals.js)
// on page views sampled for Web Vitals, identify.js after `kindling('identify', userId)`, forward.js on exposures
// a team forwards to analytics tools or the page hooked; and targeting.js, which the rules bundles
// fetch beside the config. The server builds each in memory once per process.
import path from 'node:path';
import { agentBuildOptions, runtimeRoot } from './agent-build.mjs';

const partOptions = (folder) => ({
  ...agentBuildOptions,
  entryPoints: [path.join(runtimeRoot, `src/${folder}/entry.ts`)],
});

export const trackerPartBuildOptions = {
  vitals: partOptions('web-vitals'),
  identify: partOptions('identify'),
  forward: partOptions('forward'),
  // A module: the rules bundles `import()` it beside the config and take its default export.
  targeting: { ...partOptions('targeting'), format: 'esm' },
};
