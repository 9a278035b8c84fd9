// Whether a build output is missing or older than any of its sources (files or folders).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

/** `output` is absolute; `sources` are relative to the repository root. */
export function isStale(output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return built <= Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
}
