import { readFile, stat } from 'node:fs/promises';
import { build } from 'esbuild';
import { newestSourceMtime } from '@kindling/page-runtime/agent-build';
import {
  trackerBuildOptions,
  trackerOutfile,
  trackerSources,
} from '@kindling/page-runtime/tracker-build';

let cached: Promise<string> | undefined;

async function loadOrBuild(): Promise<string> {
  const built = await stat(trackerOutfile).catch(() => undefined);
  if (built && built.mtimeMs >= newestSourceMtime(trackerSources)) {
    return readFile(trackerOutfile, 'utf8');
  }
  const result = await build({ ...trackerBuildOptions, write: false });
  const output = result.outputFiles?.[0];
  if (!output) throw new Error('the tracker build produced no output');
  return output.text;
}

/**
 * The tracker runtime (packages/page-runtime/src/tracker), minified, read from dist/ when that is
 * fresh, else built in memory; cached for the life of the process.
 */
export function trackerBundle(): Promise<string> {
  cached ??= loadOrBuild().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
