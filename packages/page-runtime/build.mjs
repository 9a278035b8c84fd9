// Builds dist/preview-agent.js (the script the page proxy injects into previewed pages) and
// dist/tracker.js and dist/tracker-html.js (the live-site tracker the server serves per team,
// without and with the HTML allow-list) and dist/variant-preview.js
// (what the tracker loads on a page opened from a variant preview link).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { agentBuildOptions, agentOutfile } from './agent-build.mjs';
import {
  buildTracker,
  previewBuildOptions,
  previewOutfile,
  trackerBundles,
} from './tracker-build.mjs';

for (const [name, options, outfile] of [
  ['preview agent', agentBuildOptions, agentOutfile],
  ['variant preview', previewBuildOptions, previewOutfile],
]) {
  const result = await build({ ...options, outfile, metafile: true });
  const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
  console.log(`${name}: ${outfile} (${(bytes / 1024).toFixed(1)} KB)`);
}
for (const [kind, { outfile }] of Object.entries(trackerBundles)) {
  const { text } = await buildTracker(kind);
  mkdirSync(path.dirname(outfile), { recursive: true });
  writeFileSync(outfile, text);
  console.log(`${kind} tracker: ${outfile} (${(text.length / 1024).toFixed(1)} KB)`);
}
