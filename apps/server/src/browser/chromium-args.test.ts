import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, mergeChromiumArgs } from './chromium-args';

// The list @sparticuz/chromium 143 recommends for serverless platforms.
const SERVERLESS_ARGS = [
  '--ash-no-nudges',
  '--disable-domain-reliability',
  '--disable-print-preview',
  '--disk-cache-size=33554432',
  '--no-default-browser-check',
  '--no-pings',
  '--single-process',
  '--font-render-hinting=none',
  '--disable-features=AudioServiceOutOfProcess,IsolateOrigins,site-per-process',
  '--enable-features=SharedArrayBuffer',
  '--ignore-gpu-blocklist',
  '--in-process-gpu',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--allow-running-insecure-content',
  '--disable-setuid-sandbox',
  '--disable-site-isolation-trials',
  '--disable-web-security',
  "--headless='shell'",
  '--no-sandbox',
  '--no-zygote',
];

describe('mergeChromiumArgs', () => {
  it('keeps our flags first and adds only the harmless ones of the bundled build', () => {
    expect(mergeChromiumArgs(CHROMIUM_ARGS, SERVERLESS_ARGS)).toEqual([
      ...CHROMIUM_ARGS,
      '--ash-no-nudges',
      '--disable-domain-reliability',
      '--disable-print-preview',
      '--disk-cache-size=33554432',
      '--no-default-browser-check',
      '--no-pings',
      '--font-render-hinting=none',
      '--disable-setuid-sandbox',
      '--no-zygote',
    ]);
  });

  it('names every switch once, ours winning over a different value', () => {
    const merged = mergeChromiumArgs(
      ['--headless', '--disk-cache-size=1'],
      ['--disk-cache-size=2', '--no-pings', '--no-pings', "--headless='shell'"],
    );
    expect(merged).toEqual(['--headless', '--disk-cache-size=1', '--no-pings']);
  });
});
