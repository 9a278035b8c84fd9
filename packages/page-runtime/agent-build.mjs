// esbuild options for the preview agent bundle, shared by `build.mjs` and the server, which
// builds it in memory when dist/ is missing or older than the sources.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const runtimeRoot = path.dirname(fileURLToPath(import.meta.url));
const domainSrc = path.resolve(runtimeRoot, '../domain/src');
export const agentEntry = path.join(runtimeRoot, 'src/agent-entry.ts');
export const agentOutfile = path.join(runtimeRoot, 'dist/preview-agent.js');
export const agentSources = [
  path.join(runtimeRoot, 'src'),
  domainSrc,
  path.join(runtimeRoot, 'agent-build.mjs'),
];

// The domain's index also re-exports its zod schemas; declaring its modules free of side
// effects lets esbuild keep only the pure helpers the agent imports.
export const pureDomain = {
  name: 'pure-domain',
  setup(build) {
    build.onResolve({ filter: /^@kindling\/domain$/ }, () => ({
      path: path.join(domainSrc, 'index.ts'),
      sideEffects: false,
    }));
    build.onResolve({ filter: /^\.\.?\// }, (args) =>
      args.importer.startsWith(domainSrc)
        ? { path: path.resolve(path.dirname(args.importer), `${args.path}.ts`), sideEffects: false }
        : undefined,
    );
  },
};

export const agentBuildOptions = {
  entryPoints: [agentEntry],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2020'],
  minify: true,
  legalComments: 'none',
  plugins: [pureDomain],
};

export function newestSourceMtime(target = agentSources) {
  return Math.max(
    ...target.map((entry) => {
      const stat = statSync(entry, { throwIfNoEntry: false });
      if (!stat) return 0;
      if (!stat.isDirectory()) return stat.mtimeMs;
      return newestSourceMtime(readdirSync(entry).map((name) => path.join(entry, name)));
    }),
    0,
  );
}
