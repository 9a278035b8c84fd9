import { emptyPool, POOL_REFILL_SIZE, type VariantPoolOptions } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { refillPool, takeSuggestions } from './pool-suggestions';

const options: VariantPoolOptions = { value: 'Sign up', styles: [], tone: 'bold', additional: '' };

/** An AI that writes "Idea N" texts, numbered across calls, and records what it was asked. */
function fakeAi(limit = Infinity) {
  let next = 0;
  const calls: { count: number; exclude: string[] }[] = [];
  const generate = (count: number, exclude: string[]) => {
    calls.push({ count, exclude });
    const texts = Array.from({ length: Math.min(count, limit) }, () => `Idea ${(next += 1)}`);
    return Promise.resolve(texts);
  };
  return { generate, calls };
}

describe('suggestions from the variant pool', () => {
  it('fills an empty pool to 10 at once and hands out the oldest', async () => {
    const ai = fakeAi();
    const first = await takeSuggestions({
      pool: undefined,
      poolOptions: options,
      count: 3,
      existing: ['Sign up'],
      generate: ai.generate,
    });
    expect(first.texts).toEqual(['Idea 1', 'Idea 2', 'Idea 3']);
    expect(ai.calls).toEqual([{ count: POOL_REFILL_SIZE, exclude: ['Sign up'] }]);
    expect(first.pool.available).toHaveLength(7);
  });

  it('answers from the pool without asking while it holds enough, then refills to 10', async () => {
    const ai = fakeAi();
    const first = await takeSuggestions({
      pool: undefined,
      poolOptions: options,
      count: 3,
      existing: [],
      generate: ai.generate,
    });
    const second = await takeSuggestions({
      pool: first.pool,
      poolOptions: options,
      count: 1,
      existing: first.texts,
      generate: ai.generate,
    });
    expect(second.texts).toEqual(['Idea 4']);
    expect(ai.calls).toHaveLength(1);
    const refilled = await refillPool(second.pool, [...first.texts, ...second.texts], ai.generate);
    expect(refilled.available).toHaveLength(POOL_REFILL_SIZE);
    expect(ai.calls[1]?.count).toBe(4);
    expect(ai.calls[1]?.exclude).toContain('Idea 10');
    expect(await refillPool(refilled, [], ai.generate)).toBe(refilled);
  });

  it('starts a new pool when the options change', async () => {
    const ai = fakeAi();
    const first = await takeSuggestions({
      pool: undefined,
      poolOptions: options,
      count: 1,
      existing: [],
      generate: ai.generate,
    });
    const other = await takeSuggestions({
      pool: first.pool,
      poolOptions: { ...options, tone: 'playful' },
      count: 1,
      existing: [],
      generate: ai.generate,
    });
    expect(other.pool.options.tone).toBe('playful');
    expect(other.pool.total[0]).toBe('Idea 11');
    expect(emptyPool(options).available).toEqual([]);
  });

  it('hands out fewer when the AI runs short', async () => {
    const ai = fakeAi(2);
    const result = await takeSuggestions({
      pool: undefined,
      poolOptions: options,
      count: 3,
      existing: [],
      generate: ai.generate,
    });
    expect(result.texts).toEqual(['Idea 1', 'Idea 2']);
  });
});
