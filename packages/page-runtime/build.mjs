// Builds dist/preview-agent.js (the script the page proxy injects into previewed pages) and
// dist/tracker.js (the live-site tracker the server serves per team) and dist/variant-preview.js
// (what the tracker loads on a page opened from a variant preview link).
import { build } from 'esbuild';
import { agentBuildOptions, agentOutfile } from './agent-build.mjs';
import {
  previewBuildOptions,
  previewOutfile,
  trackerBuildOptions,
  trackerOutfile,
} from './tracker-build.mjs';

for (const [name, options, outfile] of [
  ['preview agent', agentBuildOptions, agentOutfile],
  ['tracker', trackerBuildOptions, trackerOutfile],
  ['variant preview', previewBuildOptions, previewOutfile],
]) {
  const result = await build({ ...options, outfile, metafile: true });
  const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
  console.log(`${name}: ${outfile} (${(bytes / 1024).toFixed(1)} KB)`);
}
