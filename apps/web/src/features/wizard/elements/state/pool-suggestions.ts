import {
  addToPool,
  poolFor,
  refillCount,
  takeFromPool,
  type VariantPool,
  type VariantPoolOptions,
} from '@kindling/domain';

export interface PoolSuggestions {
  /** Texts to add as suggestions; fewer than asked means the AI ran short. */
  texts: string[];
  /** The pool after taking them (before the refill). */
  pool: VariantPool;
}

/**
 * Spec section 4, "Variant pool": `count` suggestions from the element's pool, asking the AI
 * first only when the pool cannot cover them (then for enough to refill it to 10 too).
 * `existing` are the element's texts, which never come back as suggestions.
 */
export async function takeSuggestions(options: {
  pool: VariantPool | undefined;
  poolOptions: VariantPoolOptions;
  count: number;
  existing: readonly string[];
  generate: (count: number, exclude: string[]) => Promise<string[]>;
}): Promise<PoolSuggestions> {
  let pool = poolFor(options.pool, options.poolOptions);
  const usable = takeFromPool(pool, options.count, options.existing).taken.length;
  if (usable < options.count) {
    const wanted = Math.max(options.count - usable, refillCount(pool));
    const exclude = [...options.existing, ...pool.total];
    pool = addToPool(pool, await options.generate(wanted, exclude), options.existing);
  }
  const { taken, pool: rest } = takeFromPool(pool, options.count, options.existing);
  return { texts: taken, pool: rest };
}

/** After suggestions were taken: the texts that bring the pool back to 10, or none when full. */
export async function refillPool(
  pool: VariantPool,
  existing: readonly string[],
  generate: (count: number, exclude: string[]) => Promise<string[]>,
): Promise<VariantPool> {
  const wanted = refillCount(pool);
  if (wanted === 0) return pool;
  return addToPool(pool, await generate(wanted, [...existing, ...pool.total]), existing);
}
