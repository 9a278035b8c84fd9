import { readFile, stat } from 'node:fs/promises';
import { build, type BuildOptions } from 'esbuild';

export interface BundleSource {
  /** Used in the error when a build writes nothing. */
  name: string;
  /** The prebuilt file in dist/, used while no source is newer. */
  outfile: string;
  /** The newest modification time of the sources it is built from. */
  newestSourceMtime: () => number;
  /** esbuild's options, or a build of its own (the tracker's adds terser). */
  build: BuildOptions | (() => Promise<string>);
}

async function loadOrBuild({ name, outfile, newestSourceMtime, build: how }: BundleSource) {
  const built = await stat(outfile).catch(() => undefined);
  if (built && built.mtimeMs >= newestSourceMtime()) return readFile(outfile, 'utf8');
  if (typeof how === 'function') return how();
  // Building (esbuild, a server dependency) takes tens of milliseconds.
  const result = await build({ ...how, write: false });
  const output = result.outputFiles?.[0];
  if (!output) throw new Error(`the ${name} build produced no output`);
  return output.text;
}

/**
 * A page-runtime bundle read from dist/ when that is fresh, else built in memory; read once
 * for the life of the process (a failure is not kept, so the next call tries again).
 */
export function freshBundle(
  source: BundleSource,
  finish: (text: string) => string = (text) => text,
): () => Promise<string> {
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= loadOrBuild(source).then(finish, (error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}
