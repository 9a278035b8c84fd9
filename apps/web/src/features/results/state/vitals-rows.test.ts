import type { Campaign } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { formatFigure, formatSamples, vitalsTables } from './vitals-rows';

const elements = [
  { id: 7, variants: [{ id: 71 }, { id: 72 }] },
  { id: 8, variants: [{ id: 81 }] },
] as unknown as Campaign['elements'];

describe('the page speed rows', () => {
  it('label the arms as the results do and show what the server answered', () => {
    const lcp = { median: 1240, p75: 1380, samples: 12 };
    const [first, second] = vitalsTables(
      elements,
      {
        '7': {
          vitals: {
            variants: { control: { samples: 12, lcp, cls: null, inp: null } },
            harms: [],
          },
        },
      },
      false,
    );
    expect(first!.rows.map((row) => [row.label, row.vitals.samples])).toEqual([
      ['Original', 12],
      ['Variant 1', 0],
      ['Variant 2', 0],
    ]);
    expect(first!.empty).toBe(false);
    // No answer for the element: an empty table, said so.
    expect(second!.empty).toBe(true);
  });

  it('shows only the first element when elements change together', () => {
    expect(vitalsTables(elements, {}, true).map((table) => table.elementId)).toEqual([7]);
  });

  it('formats milliseconds, CLS and missing figures', () => {
    expect(formatFigure('lcp', { median: 1240, p75: 1380, samples: 3 })).toBe(
      '1,240 ms / 1,380 ms',
    );
    expect(formatFigure('cls', { median: 0.041, p75: 0.113, samples: 3 })).toBe('0.04 / 0.11');
    expect(formatFigure('inp', null)).toBe('–');
    expect(formatSamples(1)).toBe('1 page view');
    expect(formatSamples(1200)).toBe('1,200 page views');
  });
});
