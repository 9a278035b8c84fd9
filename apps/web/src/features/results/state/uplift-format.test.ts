import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatInterval,
  formatLevel,
  formatPValue,
  formatUplift,
  levelNote,
  needsVisitorsText,
} from './uplift-format';

describe('uplift in words', () => {
  it('writes the estimate with its interval', () => {
    expect(formatUplift(0.12, [0.03, 0.21])).toBe('+12% (+3% to +21%)');
    expect(formatUplift(-0.054, [-0.2, 0.1234])).toBe('-5.4% (-20% to +12.3%)');
    expect(formatUplift(0.5, null)).toBe('+50%');
    expect(formatInterval([-0.999, 2])).toBe('-99.9% to +200%');
  });

  it('names the level only when it is not 95%', () => {
    expect(levelNote(0.95)).toBeNull();
    expect(levelNote(0.975)).toBe('97.5% interval');
    expect(levelNote(1 - 0.05 / 3)).toBe('98.3% interval');
    expect(formatLevel(0.95)).toBe('95%');
  });

  it('never shows a p-value as 0 or with more than three decimals', () => {
    expect(formatPValue(0.028552)).toBe('0.029');
    expect(formatPValue(1)).toBe('1');
    expect(formatPValue(0.0004)).toBe('<0.001');
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (p) => {
        const text = formatPValue(p);
        expect(text).not.toBe('0');
        expect(text).toMatch(/^(<0\.001|0(\.\d{1,3})?|1)$/);
      }),
    );
  });

  it('says how many visitors are still needed', () => {
    expect(needsVisitorsText(1)).toBe('needs 1 more visitor');
    expect(needsVisitorsText(1800)).toBe('needs 1,800 more visitors');
  });
});
