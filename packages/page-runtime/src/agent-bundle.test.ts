import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { agentBuildOptions } from '../agent-build.mjs';

// The agent is inlined into every previewed page: it must stay small and must never carry the
// domain's zod schemas (a domain module with zod at its top level, once imported, pulls all of
// zod in; this happened once and made previews load twice as slowly).
describe('the preview agent bundle', () => {
  it('holds the runtime without zod, in under 32 KB', async () => {
    const result = await build({ ...agentBuildOptions, write: false });
    const text = result.outputFiles[0]!.text;
    expect(text).not.toMatch(/ZodError|zod/);
    expect(text).toContain('noopener noreferrer');
    expect(new TextEncoder().encode(text).length).toBeLessThan(32 * 1024);
  }, 30_000);
});
