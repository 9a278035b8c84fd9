import { PAGE_BLOCKS, PAGE_SIZE } from './constants';

// Campaign list paging (spec section 2): 30 items per page, 5 page blocks.
// Pages are numbered from 1.

export interface Paginated<T> {
  items: T[];
  /** The page actually shown, clamped to 1..totalPages. */
  page: number;
  pageSize: number;
  totalItems: number;
  /** At least 1, so an empty list still has (an empty) page 1. */
  totalPages: number;
}

export function totalPages(totalItems: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

export function paginate<T>(
  items: readonly T[],
  page: number,
  pageSize: number = PAGE_SIZE,
): Paginated<T> {
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`);
  }
  const pages = totalPages(items.length, pageSize);
  const current = clamp(Number.isFinite(page) ? Math.trunc(page) : 1, 1, pages);
  const start = (current - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    page: current,
    pageSize,
    totalItems: items.length,
    totalPages: pages,
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/**
 * The page numbers to show: a window of at most `blocks` consecutive pages around
 * the current one (current in the middle, or left of middle for an even count),
 * shifted to stay within 1..totalPages. Empty when there are no pages.
 */
export function pageBlocks(
  current: number,
  totalPageCount: number,
  blocks: number = PAGE_BLOCKS,
): number[] {
  const total = Math.max(0, Math.floor(totalPageCount));
  const size = Math.min(Math.max(0, Math.floor(blocks)), total);
  if (size === 0) return [];
  const page = clamp(Math.trunc(current), 1, total);
  const start = clamp(page - Math.floor((size - 1) / 2), 1, total - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}
