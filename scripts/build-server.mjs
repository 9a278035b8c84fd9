// Bundles the server into apps/server/dist/main.mjs when that is missing or older than its
// sources: the production server runs plain JavaScript, without a TypeScript loader.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale, root } from './stale.mjs';
import { build } from 'esbuild';

export const serverOutfile = path.join(root, 'apps/server/dist/main.mjs');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/domain/src',
  'packages/page-runtime/src',
  'scripts/build-server.mjs',
];

// npm packages stay external (`packages: 'external'`) and load from node_modules as they are:
// sharp and PGlite find their native and wasm files beside their own code. Workspace modules
// that are TypeScript source (@kindling/domain, @kindling/page-runtime/channel) are bundled;
// @kindling/page-runtime/agent-build stays external: it is plain JavaScript that finds the
// agent's sources relative to its own file.
const workspaceDirs = {
  '@kindling/domain': 'packages/domain',
  '@kindling/page-runtime': 'packages/page-runtime',
};

const bundleWorkspaceSources = {
  name: 'bundle-workspace-sources',
  setup(build) {
    build.onResolve({ filter: /^@kindling\// }, (args) => {
      const [scope, name, ...rest] = args.path.split('/');
      const dir = workspaceDirs[`${scope}/${name}`];
      if (!dir) return undefined;
      const { exports } = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
      const target = exports?.[['.', ...rest].join('/')];
      const file = typeof target === 'object' ? target?.default : target;
      return typeof file === 'string' && file.endsWith('.ts')
        ? { path: path.join(root, dir, file) }
        : { path: args.path, external: true };
    });
  },
};

export const serverBuildOptions = {
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  outfile: serverOutfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [bundleWorkspaceSources],
  sourcemap: 'linked',
  logLevel: 'warning',
};

export async function buildServerIfStale({ force = false } = {}) {
  if (!force && !isStale(serverOutfile, sources)) return false;
  console.log('[kindling] building the server…');
  await build(serverBuildOptions);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServerIfStale({ force: process.argv.includes('--force') });
}
