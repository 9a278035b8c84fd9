import { vitalsBuildOptions } from '@kindling/page-runtime/vitals-build';
import { build } from 'esbuild';

/**
 * The Web Vitals module (packages/page-runtime src/web-vitals), minified: built in memory once
 * per process (esbuild, a server dependency, takes tens of milliseconds); a failure is not kept,
 * so the next request tries again.
 */
export function vitalsBundle(): () => Promise<string> {
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= build({ ...vitalsBuildOptions, write: false }).then(
      (result) => {
        const output = result.outputFiles[0];
        if (!output) throw new Error('the vitals build produced no output');
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
