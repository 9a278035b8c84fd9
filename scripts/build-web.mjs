// Builds the web app when its output is missing or older than its sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/app-config.json',
  'packages/domain/src',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

export function buildWebIfStale({ force = false } = {}) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const newest = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (!force && built > newest) return false;
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
