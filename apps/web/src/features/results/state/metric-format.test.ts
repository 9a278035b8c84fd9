import { describe, expect, it } from 'vitest';
import { formatChance, formatChange, formatMetric } from './metric-format';

describe('metric formats', () => {
  it('show rates as percentages and revenue as an amount', () => {
    expect(formatMetric('conversionsPerSession', 0.1234)).toBe('12.34%');
    expect(formatMetric('rawConversionsPerView', 0.05)).toBe('5.0%');
    expect(formatMetric('revenuePerSession', 3.5)).toBe('3.50');
  });

  it('sign changes', () => {
    expect(formatChange(0.125)).toBe('+12.5%');
    expect(formatChange(-0.03)).toBe('-3%');
    // An interval end of a few conversions apart does not stretch the table.
    expect(formatChange(79_065_845)).toBe('>+10,000%');
    expect(formatChange(100)).toBe('+10,000%');
    expect(formatChange(0)).toBe('0%');
  });

  it('never show a chance as certain', () => {
    expect(formatChance(0.97)).toBe('97%');
    expect(formatChance(0.995)).toBe('99.5%');
    expect(formatChance(0.99995)).toBe('>99.9%');
    expect(formatChance(0.0001)).toBe('<0.1%');
  });
});
