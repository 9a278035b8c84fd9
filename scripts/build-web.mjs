// Builds the web app when its output is missing or older than its sources.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale, root } from './stale.mjs';

const output = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/app-config.json',
  'packages/domain/src',
];

export function buildWebIfStale({ force = false } = {}) {
  if (!force && !isStale(output, sources)) return false;
  console.log('[kindling] building the web app…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildWebIfStale({ force: process.argv.includes('--force') });
}
