import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POOL_REFILL_SIZE } from './constants';
import {
  addToPool,
  emptyPool,
  poolFellShort,
  poolFor,
  suggestionKey,
  refillCount,
  takeFromPool,
  type VariantPoolOptions,
} from './variant-pool';

const options: VariantPoolOptions = {
  value: 'Start free trial',
  styles: [],
  tone: 'friendly',
  additional: 'sign-ups',
};

describe('variant pool', () => {
  it('is kept while the options hold and emptied when value, styles, tone or objective change', () => {
    const pool = addToPool(emptyPool(options), ['Try it free']);
    expect(poolFor(pool, { ...options })).toBe(pool);
    expect(poolFor(pool, { ...options, tone: ' FRIENDLY ' })).toBe(pool);
    for (const changed of [
      { value: 'Start trial' },
      { styles: [{ type: 'textColor' as const, value: 255 }] },
      { tone: 'bold' },
      { additional: 'trust' },
      { instructions: 'Mention the trial' },
      { pageContext: '2026-11-26T15:00:00.000Z' },
    ]) {
      expect(poolFor(pool, { ...options, ...changed })).toEqual(
        emptyPool({ ...options, ...changed }),
      );
    }
    expect(poolFor(undefined, options)).toEqual(emptyPool(options));
  });

  it('never holds a suggestion twice, nor the value itself', () => {
    let pool = addToPool(emptyPool(options), ['A', 'a ', 'Start  FREE trial', '  ', 'B']);
    expect(pool.available).toEqual(['A', 'B']);
    const taken = takeFromPool(pool, 1);
    pool = addToPool(taken.pool, ['A', 'C'], ['c']);
    expect(pool.available).toEqual(['B']);
    expect(pool.total).toEqual(['A', 'B']);
  });

  it('hands out the oldest first, skipping what the element already has', () => {
    const pool = addToPool(emptyPool(options), ['A', 'B', 'C', 'D']);
    const { taken, pool: rest } = takeFromPool(pool, 2, ['a']);
    expect(taken).toEqual(['B', 'C']);
    expect(rest.available).toEqual(['D']);
  });

  it('asks for what brings the pool back to 10', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 15 }), (texts) => {
        const pool = addToPool(emptyPool(options), texts);
        const wanted = refillCount(pool);
        expect(wanted).toBe(Math.max(0, POOL_REFILL_SIZE - pool.available.length));
        expect(new Set(pool.available.map(suggestionKey)).size).toBe(pool.available.length);
      }),
    );
  });

  it('falls short when fewer than requested or none were added', () => {
    expect(poolFellShort(3, 3)).toBe(false);
    expect(poolFellShort(3, 2)).toBe(true);
    expect(poolFellShort(0, 0)).toBe(true);
  });
});
