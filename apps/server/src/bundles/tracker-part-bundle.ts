import { trackerPartBuildOptions } from '@kindling/page-runtime/parts-build';
import { build } from 'esbuild';

export type TrackerPart = keyof typeof trackerPartBuildOptions;

/**
 * A tracker part (packages/page-runtime parts-build.mjs: vitals.js, identify.js), minified:
 * built in memory once per process (esbuild, a server dependency, takes tens of milliseconds);
 * a failure is not kept, so the next request tries again.
 */
export function trackerPartBundle(part: TrackerPart): () => Promise<string> {
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= build({ ...trackerPartBuildOptions[part], write: false }).then(
      (result) => {
        const output = result.outputFiles[0];
        if (!output) throw new Error(`the ${part} build produced no output`);
        return output.text;
      },
      (error: unknown) => {
        cached = undefined;
        throw error;
      },
    );
    return cached;
  };
}
