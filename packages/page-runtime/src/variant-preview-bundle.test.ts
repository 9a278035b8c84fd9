import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { previewBuildOptions } from '../tracker-build.mjs';

// The variant preview script loads only on pages opened from a preview link, so it is outside
// the tracker's 7 KB budget; it reuses the tracker's applier (mutation engine and healing).
describe('the variant preview bundle', () => {
  it('holds the applier and the badge in under 6 KB gzipped, without zod', async () => {
    const result = await build({ ...previewBuildOptions, write: false });
    const text = result.outputFiles[0]!.text;
    expect(text).not.toMatch(/ZodError|zod/);
    expect(text).toContain('MutationObserver');
    expect(text).toContain('attachShadow');
    expect(text).toContain('Leave preview');
    // It sends nothing: no collect address, no beacon.
    expect(text).not.toContain('/api/collect');
    expect(text).not.toContain('sendBeacon');
    const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
    const gzipped = (await new Response(stream).arrayBuffer()).byteLength;
    console.log(`variant preview: ${text.length} bytes, ${gzipped} bytes gzipped`);
    expect(gzipped).toBeLessThan(6 * 1024);
  }, 30_000);
});
