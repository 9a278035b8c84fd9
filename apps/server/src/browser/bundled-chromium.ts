import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { lstat, mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';

/** An optional dependency of the server: a brotli-packed headless Chromium for Linux x64. */
export const BUNDLED_PACKAGE = '@sparticuz/chromium';

export interface BundledChromium {
  version: string;
  executablePath: string;
  /** The package's own recommended flags, unfiltered. */
  args: string[];
}

export interface LoadBundledOptions {
  /** Where the unpacked binary is kept, in a folder per package version. */
  cacheRoot?: string;
}

function packageRoot(): string | null {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(BUNDLED_PACKAGE);
  } catch {
    return null; // not installed: an optional dependency npm skipped
  }
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown };
    if (name === BUNDLED_PACKAGE) return dir;
  }
  return null;
}

async function packageArgs(): Promise<string[]> {
  // A specifier in a variable keeps the optional package out of type checking and bundling.
  const specifier: string = BUNDLED_PACKAGE;
  const loaded = (await import(specifier)) as { default?: { args?: unknown } };
  const args = loaded.default?.args;
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
    throw new Error(`${BUNDLED_PACKAGE} exports no list of flags`);
  }
  return args;
}

/** A cache folder that no other user can have planted a binary in. */
async function ownFolder(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const stat = await lstat(folder);
  const foreign = process.getuid !== undefined && stat.uid !== process.getuid();
  if (!stat.isDirectory() || foreign || (stat.mode & 0o022) !== 0) {
    throw new Error(`${folder} is not a private folder of this user`);
  }
  return folder;
}

/**
 * Unpacks into a temporary name and renames, so a process never sees half a binary: another
 * process unpacking at the same time (two test workers, a server and its e2e browsers) at worst
 * repeats the work. The package's own executablePath() would write $TMPDIR/chromium in place,
 * and hand out whatever file already has that name, of any version.
 */
async function unpack(packed: string, target: string): Promise<void> {
  const partial = `${target}.${process.pid}.${Date.now().toString(36)}.partial`;
  try {
    await pipeline(
      createReadStream(packed),
      createBrotliDecompress(),
      createWriteStream(partial, { mode: 0o700 }),
    );
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * The Chromium of `@sparticuz/chromium`, unpacked once per version under `cacheRoot`, or null
 * where the package is not installed or its build cannot run (it is built for Linux x64).
 * Fonts come from the system's fontconfig; the package's font and SwiftShader archives are
 * left packed.
 */
export async function loadBundledChromium({
  cacheRoot = tmpdir(),
}: LoadBundledOptions = {}): Promise<BundledChromium | null> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  const root = packageRoot();
  if (!root) return null;
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const args = await packageArgs();
  const folder = await ownFolder(path.join(cacheRoot, `kindling-chromium-${version}`));
  const executablePath = path.join(folder, 'chromium');
  if (!existsSync(executablePath)) {
    await unpack(path.join(root, 'bin', 'chromium.br'), executablePath);
  }
  return { version, executablePath, args };
}
