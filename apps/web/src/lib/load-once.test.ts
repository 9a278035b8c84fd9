import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { isLazySchema, lazySchema } from './lazy-schema';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once, on the first call, and keeps the schema', async () => {
    const schema = z.string();
    const load = vi.fn(() => Promise.resolve(schema));
    const lazy = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    expect(lazy.current).toBeUndefined();
    const [first, second] = await Promise.all([lazy.load(), lazy.load()]);
    expect(first).toBe(schema);
    expect(second).toBe(schema);
    expect(lazy.current).toBe(schema);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const schema = z.string();
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(schema);
    const lazy = loadOnce(load);
    await expect(lazy.load()).rejects.toThrow('offline');
    expect(lazy.current).toBeUndefined();
    await expect(lazy.load()).resolves.toBe(schema);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazySchema', () => {
  it('is told apart from a schema', () => {
    expect(isLazySchema(lazySchema(() => Promise.resolve(z.string())))).toBe(true);
    expect(isLazySchema(z.string())).toBe(false);
  });
});
