import { POOL_REFILL_SIZE } from './constants';
import type { VariantStyle } from './variant-schema';

// Spec sections 3 and 4, "Variant pool": per element, AI suggestions are generated ahead into
// a pool so that "Add AI variant" and "Suggest similar" answer at once. The pool belongs to
// the generation options it was made with and is emptied whenever they change.

export interface VariantPoolOptions {
  value: string;
  styles: VariantStyle[];
  tone: string;
  /** The objective. */
  additional: string;
  /** Beyond the spec: the editor's extra instructions, which change the suggestions too. */
  instructions?: string;
  /** Beyond the spec: which saved page context (its save time) the suggestions were made with. */
  pageContext?: string;
}

export interface VariantPool {
  options: VariantPoolOptions;
  /** Suggestions not handed out yet, in order. */
  available: string[];
  /** Every suggestion the pool ever held under these options, so none comes twice. */
  total: string[];
}

/**
 * Two texts are one suggestion when they differ only in letter case or whitespace: the one
 * rule for the pool, the server's generate-text filter and the editor's suggestions.
 */
export const suggestionKey = (text: string): string => text.replace(/\s+/g, '').toLowerCase();

const sameOptions = (a: VariantPoolOptions, b: VariantPoolOptions): boolean =>
  a.value === b.value &&
  a.tone.trim().toLowerCase() === b.tone.trim().toLowerCase() &&
  a.additional.trim() === b.additional.trim() &&
  (a.instructions ?? '').trim() === (b.instructions ?? '').trim() &&
  (a.pageContext ?? '') === (b.pageContext ?? '') &&
  JSON.stringify(a.styles) === JSON.stringify(b.styles);

export const emptyPool = (options: VariantPoolOptions): VariantPool => ({
  options,
  available: [],
  total: [],
});

/** The pool for these options: the same one while they hold, an empty one once they change. */
export const poolFor = (pool: VariantPool | undefined, options: VariantPoolOptions): VariantPool =>
  pool && sameOptions(pool.options, options) ? pool : emptyPool(options);

/** Adds new suggestions (not seen before under these options, nor in `exclude`). */
export function addToPool(
  pool: VariantPool,
  texts: readonly string[],
  exclude: readonly string[] = [],
): VariantPool {
  const seen = new Set([...pool.total, ...exclude, pool.options.value].map(suggestionKey));
  const fresh: string[] = [];
  for (const text of texts) {
    const key = suggestionKey(text);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    fresh.push(text.trim());
  }
  return { ...pool, available: [...pool.available, ...fresh], total: [...pool.total, ...fresh] };
}

/**
 * Hands out up to `count` suggestions that the element does not have yet (`exclude`), oldest
 * first; the ones the element already has are dropped from the pool on the way.
 */
export function takeFromPool(
  pool: VariantPool,
  count: number,
  exclude: readonly string[] = [],
): { taken: string[]; pool: VariantPool } {
  const excluded = new Set(exclude.map(suggestionKey));
  const usable = pool.available.filter((text) => !excluded.has(suggestionKey(text)));
  return { taken: usable.slice(0, count), pool: { ...pool, available: usable.slice(count) } };
}

/** How many suggestions to ask for so the pool holds POOL_REFILL_SIZE again (0: it does). */
export const refillCount = (pool: VariantPool): number =>
  Math.max(0, POOL_REFILL_SIZE - pool.available.length);

/** Spec section 8: fewer than requested, or none added, is "Could not generate enough variants". */
export const poolFellShort = (requested: number, added: number): boolean =>
  added === 0 || added < requested;
