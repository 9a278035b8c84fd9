import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BundledChromium } from './bundled-chromium';
import { CHROMIUM_ARGS } from './chromium-args';
import { resolveChromium, type ResolveChromiumOptions } from './resolve-chromium';

const folder = mkdtempSync(path.join(tmpdir(), 'kindling-resolve-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function fakeBrowser(name: string, mode = 0o755): string {
  const file = path.join(folder, name);
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, mode);
  return file;
}

const configured = fakeBrowser('configured-chromium');
const system = fakeBrowser('system-chromium');
const nowhere = path.join(folder, 'nonexistent', 'chromium');
const bundled: BundledChromium = {
  version: '1.0.0',
  executablePath: '/tmp/kindling-chromium-1.0.0/chromium',
  args: ['--single-process', '--no-zygote', "--headless='shell'"],
};

function resolveWith(options: ResolveChromiumOptions) {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  let bundledLoads = 0;
  const result = resolveChromium({
    loadBundled: () => {
      bundledLoads += 1;
      return Promise.resolve(bundled);
    },
    log: { warn: (details, message) => warnings.push({ details, message }) },
    ...options,
  });
  return { result, warnings, bundledLoads: () => bundledLoads };
}

describe('resolveChromium', () => {
  it('uses CHROMIUM_PATH when it is there, before the system browser and the bundled one', async () => {
    const run = resolveWith({ chromiumPath: configured, systemPaths: [system] });
    expect(await run.result).toEqual({
      source: 'CHROMIUM_PATH',
      executablePath: configured,
      args: [...CHROMIUM_ARGS],
    });
    expect(run.warnings).toEqual([]);
    expect(run.bundledLoads()).toBe(0);
  });

  it('skips a CHROMIUM_PATH that points nowhere with a warning, and takes the system browser', async () => {
    const run = resolveWith({ chromiumPath: nowhere, systemPaths: [nowhere, system] });
    expect(await run.result).toEqual({
      source: 'system',
      executablePath: system,
      args: [...CHROMIUM_ARGS],
    });
    expect(run.warnings).toEqual([
      { details: { chromiumPath: nowhere }, message: expect.stringContaining('CHROMIUM_PATH') },
    ]);
  });

  it('skips a CHROMIUM_PATH that is a folder or not executable', async () => {
    const notExecutable = fakeBrowser('plain-file', 0o644);
    for (const chromiumPath of [folder, notExecutable]) {
      const run = resolveWith({ chromiumPath, systemPaths: [system] });
      expect((await run.result)?.source).toBe('system');
      expect(run.warnings).toHaveLength(1);
    }
  });

  it('falls back to the bundled build, with its flags merged into ours, when no system browser is there', async () => {
    const run = resolveWith({ chromiumPath: nowhere, systemPaths: [] });
    expect(await run.result).toEqual({
      source: 'bundled',
      executablePath: bundled.executablePath,
      args: [...CHROMIUM_ARGS, '--no-zygote'],
    });
    expect(run.bundledLoads()).toBe(1);
    expect(run.warnings).toHaveLength(1);
  });

  it('answers null when there is no browser at all, and when the bundled one fails to unpack', async () => {
    expect(
      await resolveWith({ systemPaths: [nowhere], loadBundled: () => Promise.resolve(null) })
        .result,
    ).toBeNull();
    const failing = resolveWith({
      systemPaths: [],
      loadBundled: () => Promise.reject(new Error('disk full')),
    });
    expect(await failing.result).toBeNull();
    expect(failing.warnings).toEqual([
      { details: { err: new Error('disk full') }, message: expect.stringContaining('bundled') },
    ]);
  });
});
