import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { pageBlocks, paginate, totalPages } from './paging';

const items = Array.from({ length: 65 }, (_, i) => i + 1);

describe('paginate', () => {
  it('uses 30 items per page by default', () => {
    const first = paginate(items, 1);
    expect(first.items).toEqual(items.slice(0, 30));
    expect(first).toMatchObject({ page: 1, pageSize: 30, totalItems: 65, totalPages: 3 });
    expect(paginate(items, 3).items).toEqual([61, 62, 63, 64, 65]);
  });

  it('clamps the page', () => {
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items, 99).page).toBe(3);
    expect(paginate(items, Number.NaN).page).toBe(1);
    expect(paginate([], 2)).toEqual({
      items: [],
      page: 1,
      pageSize: 30,
      totalItems: 0,
      totalPages: 1,
    });
  });

  it('takes a page size', () => {
    expect(paginate(items, 2, 10).items).toEqual(items.slice(10, 20));
    expect(totalPages(21, 10)).toBe(3);
    expect(() => paginate(items, 1, 0)).toThrow(RangeError);
  });
});

describe('pageBlocks', () => {
  it.each<[number, number, number[]]>([
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [5, 10, [3, 4, 5, 6, 7]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [2, 3, [1, 2, 3]],
    [1, 1, [1]],
    [7, 3, [1, 2, 3]],
    [1, 0, []],
  ])('page %i of %i shows %j', (current, total, expected) => {
    expect(pageBlocks(current, total)).toEqual(expected);
  });

  it('takes a block count', () => {
    expect(pageBlocks(5, 10, 4)).toEqual([4, 5, 6, 7]);
    expect(pageBlocks(5, 10, 1)).toEqual([5]);
  });

  it('is a window of consecutive pages containing the current page', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        (total, c) => {
          const current = Math.min(c, total);
          const pages = pageBlocks(current, total);
          expect(pages.length).toBe(Math.min(5, total));
          expect(pages).toContain(current);
          pages.forEach((p, i) => {
            expect(p).toBe((pages[0] ?? 0) + i);
            expect(p >= 1 && p <= total).toBe(true);
          });
        },
      ),
    );
  });
});
