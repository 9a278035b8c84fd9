import { accessSync, constants, statSync } from 'node:fs';
import { loadBundledChromium, type BundledChromium } from './bundled-chromium';
import { CHROMIUM_ARGS, mergeChromiumArgs } from './chromium-args';

/** Where a Debian (or Ubuntu, Alpine) package installs Chromium. */
export const SYSTEM_CHROMIUM_PATHS: readonly string[] = ['/usr/bin/chromium'];

export const NO_CHROMIUM_MESSAGE =
  'No browser is available for screenshots: set CHROMIUM_PATH or install chromium.';

export type ChromiumSource = 'CHROMIUM_PATH' | 'system' | 'bundled';

export interface ResolvedChromium {
  source: ChromiumSource;
  executablePath: string;
  /** Every flag to launch it with (Playwright's `chromium.launch({ args })`). */
  args: string[];
}

export interface ChromiumLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface ResolveChromiumOptions {
  /** config.CHROMIUM_PATH: tried first; one that is not there is skipped with a warning. */
  chromiumPath?: string | undefined;
  /** Tried in order after CHROMIUM_PATH. */
  systemPaths?: readonly string[];
  /** The last resort: the browser that ships as an npm package (null when not installed). */
  loadBundled?: () => Promise<BundledChromium | null>;
  log?: ChromiumLog;
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Which Chromium to launch: CHROMIUM_PATH, else the system's, else the bundled build; null when
 * there is none. Never throws: a browser that cannot be found is the caller's message to give.
 */
export async function resolveChromium({
  chromiumPath,
  systemPaths = SYSTEM_CHROMIUM_PATHS,
  loadBundled = loadBundledChromium,
  log,
}: ResolveChromiumOptions = {}): Promise<ResolvedChromium | null> {
  if (chromiumPath) {
    if (isExecutableFile(chromiumPath)) {
      return { source: 'CHROMIUM_PATH', executablePath: chromiumPath, args: [...CHROMIUM_ARGS] };
    }
    log?.warn({ chromiumPath }, 'CHROMIUM_PATH is not an executable file; it is skipped');
  }
  const system = systemPaths.find(isExecutableFile);
  if (system) return { source: 'system', executablePath: system, args: [...CHROMIUM_ARGS] };
  try {
    const bundled = await loadBundled();
    if (bundled) {
      return {
        source: 'bundled',
        executablePath: bundled.executablePath,
        args: mergeChromiumArgs(CHROMIUM_ARGS, bundled.args),
      };
    }
  } catch (error) {
    log?.warn({ err: error }, 'the bundled Chromium could not be prepared');
  }
  return null;
}
