import { trackerPartBuildOptions } from '@kindling/page-runtime/parts-build';
import { build } from 'esbuild';

export type TrackerPart = keyof typeof trackerPartBuildOptions;

/** Per process: every app the process serves answers with the same files. */
const built = new Map<TrackerPart, Promise<string>>();

/**
 * A tracker part (packages/page-runtime parts-build.mjs: vitals.js, identify.js, forward.js,
 * targeting.js), minified: built in memory once per process (esbuild, a server dependency, takes
 * tens of milliseconds); a failure is not kept, so the next request tries again.
 */
export function trackerPartBundle(part: TrackerPart): () => Promise<string> {
  return () => {
    let cached = built.get(part);
    if (!cached) {
      cached = build({ ...trackerPartBuildOptions[part], write: false }).then(
        (result) => {
          const output = result.outputFiles[0];
          if (!output) throw new Error(`the ${part} build produced no output`);
          return output.text;
        },
        (error: unknown) => {
          built.delete(part);
          throw error;
        },
      );
      built.set(part, cached);
    }
    return cached;
  };
}
