import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/server folder. This file sits in src/, and the compiled bundle it is inlined into in
 * dist/: both one level below apps/server, so the same relative step finds it from either.
 */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
