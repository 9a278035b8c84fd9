import { describe, expect, it } from 'vitest';
import { isColourStyle, STYLE_LABELS } from './variant-style-names';

describe('STYLE_LABELS', () => {
  it('labels every style type', () => {
    expect(STYLE_LABELS).toEqual({
      textColor: 'Text colour',
      backgroundColor: 'Background colour',
      borderColor: 'Border colour',
      fontSize: 'Font size',
      borderWidth: 'Border width',
      padding: 'Padding',
      borderRadius: 'Border radius',
    });
  });
});

describe('isColourStyle', () => {
  it.each([
    ['textColor', true],
    ['backgroundColor', true],
    ['borderColor', true],
    ['fontSize', false],
    ['borderWidth', false],
    ['padding', false],
    ['borderRadius', false],
  ] as const)('%s -> %s', (type, expected) => {
    expect(isColourStyle(type)).toBe(expected);
  });
});
