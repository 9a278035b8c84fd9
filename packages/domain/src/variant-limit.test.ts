import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DRAFT_VARIANTS } from './constants';
import { fitsNewVariantLimit, NEW_VARIANT_LIMIT_MESSAGE } from './variant-limit';

describe('fitsNewVariantLimit', () => {
  it('takes five new variants and refuses a sixth', () => {
    expect(fitsNewVariantLimit({ adding: 5 })).toBe(true);
    expect(fitsNewVariantLimit({ adding: 6 })).toBe(false);
    expect(fitsNewVariantLimit({ existing: 4, adding: 1 })).toBe(true);
    expect(fitsNewVariantLimit({ existing: 4, adding: 2 })).toBe(false);
    expect(NEW_VARIANT_LIMIT_MESSAGE).toContain('5');
  });

  it('fits exactly when the total is at most the limit', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), (existing, adding) => {
        expect(fitsNewVariantLimit({ existing, adding })).toBe(
          existing + adding <= MAX_DRAFT_VARIANTS,
        );
      }),
    );
  });
});
