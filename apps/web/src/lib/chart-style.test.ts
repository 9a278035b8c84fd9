import { describe, expect, it } from 'vitest';
import { CHART_FILL, chartColor } from './chart-style';

describe('chart style (spec section 9)', () => {
  it('draws in rgba(1,97,157,1), filled from alpha 0.5 at the line to 0.05 at the axis', () => {
    expect(chartColor()).toBe('rgba(1,97,157,1)');
    expect(CHART_FILL).toEqual({ top: 'rgba(1,97,157,0.5)', bottom: 'rgba(1,97,157,0.05)' });
  });
});
