import { readFile, stat } from 'node:fs/promises';
import { build } from 'esbuild';
import {
  agentBuildOptions,
  agentOutfile,
  newestSourceMtime,
} from '@kindling/page-runtime/agent-build';

let cached: Promise<string> | undefined;

async function loadOrBuild(): Promise<string> {
  const built = await stat(agentOutfile).catch(() => undefined);
  if (built && built.mtimeMs >= newestSourceMtime()) return readFile(agentOutfile, 'utf8');
  // Building (esbuild, a server dependency) takes tens of milliseconds.
  const result = await build({ ...agentBuildOptions, write: false });
  const output = result.outputFiles?.[0];
  if (!output) throw new Error('the preview agent build produced no output');
  return output.text;
}

/**
 * The preview agent script (packages/page-runtime), read from dist/ when that is fresh, else
 * built in memory; cached for the life of the process.
 */
export function previewAgentScript(): Promise<string> {
  cached ??= loadOrBuild().then(
    // The bundle sits inside an inline <script>; "</script" in it would end the element early.
    (source) => source.replaceAll('</script', '<\\/script'),
    (error: unknown) => {
      cached = undefined;
      throw error;
    },
  );
  return cached;
}
