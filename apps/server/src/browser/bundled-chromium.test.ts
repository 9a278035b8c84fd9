import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBundledChromium } from './bundled-chromium';

const cacheRoot = mkdtempSync(path.join(tmpdir(), 'kindling-bundled-'));
afterAll(() => rmSync(cacheRoot, { recursive: true, force: true }));

// The package ships a Linux x64 build only.
const canRun = process.platform === 'linux' && process.arch === 'x64';

describe.runIf(canRun)('loadBundledChromium', { timeout: 60_000 }, () => {
  it('unpacks the binary once per version, whole, even when asked twice at once', async () => {
    const [first, second] = await Promise.all([
      loadBundledChromium({ cacheRoot }),
      loadBundledChromium({ cacheRoot }),
    ]);
    expect(first).not.toBeNull();
    expect(second).toEqual(first);
    const folder = path.dirname(first!.executablePath);
    expect(folder).toBe(path.join(cacheRoot, `kindling-chromium-${first!.version}`));
    expect(readdirSync(folder)).toEqual(['chromium']);
    const { stdout } = await promisify(execFile)(first!.executablePath, ['--version']);
    expect(stdout).toMatch(/Chrom(e|ium).* \d+\./);
    expect(first!.args).toContain('--no-zygote');
  });

  it('refuses a cache folder that others can write to', async () => {
    const shared = path.join(cacheRoot, 'shared');
    mkdirSync(shared);
    const version = (await loadBundledChromium({ cacheRoot }))!.version;
    mkdirSync(path.join(shared, `kindling-chromium-${version}`));
    chmodSync(path.join(shared, `kindling-chromium-${version}`), 0o777);
    await expect(loadBundledChromium({ cacheRoot: shared })).rejects.toThrow(/not a private/);
  });
});
