/** Our flags for every Chromium we launch, whichever build it is. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

/**
 * Flags of the bundled build's own list that we do not pass on, by switch name:
 * - `--single-process`: Playwright's browser dies with the first browser context it closes.
 * - `--disable-features`, `--enable-features`: Chromium keeps only the last of a repeated
 *   switch, so these would replace Playwright's own lists (which, among others, turn off the
 *   HTTPS upgrade of plain-http pages).
 * - The web-security and site-isolation switches: we render untrusted pages; the browser's
 *   own isolation stays on.
 * - The GPU switches: we run with `--disable-gpu`, and do not unpack SwiftShader.
 * - `--headless=...`: our `--headless` already says it; the package's value carries quotes.
 */
const REFUSED_SWITCHES = new Set([
  '--single-process',
  '--disable-features',
  '--enable-features',
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--use-gl',
  '--use-angle',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--in-process-gpu',
  '--headless',
]);

const switchName = (arg: string) => arg.split('=', 1)[0]!;

/**
 * Our flags, then those of `extra` that neither repeat one of ours (by switch name, so
 * `--headless='shell'` repeats `--headless`) nor are refused above.
 */
export function mergeChromiumArgs(ours: readonly string[], extra: readonly string[]): string[] {
  const seen = new Set(ours.map(switchName));
  const merged = [...ours];
  for (const arg of extra) {
    const name = switchName(arg);
    if (seen.has(name) || REFUSED_SWITCHES.has(name)) continue;
    seen.add(name);
    merged.push(arg);
  }
  return merged;
}
