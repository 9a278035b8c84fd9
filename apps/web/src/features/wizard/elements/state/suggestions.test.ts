import { describe, expect, it } from 'vitest';
import { suggestedVariants } from './suggestions';
import { textElement, textVariant } from '../../state/test-fixtures';

/** Temporary ids as the wizard hands them out: -1, -2, … below the ones already used. */
const counter = (start = 0) => {
  let last = start;
  return () => {
    last -= 1;
    return last;
  };
};

describe('suggestedVariants', () => {
  it('turns each text into an enabled, generated, normal suggestion under a new id', () => {
    expect(suggestedVariants(textElement(1), ['Buy it today', 'Shop now'], counter(-3))).toEqual([
      {
        id: -4,
        key: 'v4',
        type: 'text',
        isEnabled: true,
        marker: 'suggested',
        info: {
          value: 'Buy it today',
          textType: 'normal',
          styles: [],
          creationMethod: 'generated',
        },
      },
      {
        id: -5,
        key: 'v5',
        type: 'text',
        isEnabled: true,
        marker: 'suggested',
        info: { value: 'Shop now', textType: 'normal', styles: [], creationMethod: 'generated' },
      },
    ]);
  });

  it('leaves out blanks, repeats, the original and existing variants, using no id for them', () => {
    const element = textElement(1, [textVariant(7, { value: 'Order now' })], 'Buy now');
    const nextId = counter();
    const result = suggestedVariants(
      element,
      ['  ', 'BUY  NOW', 'order now', ' Get yours today ', 'get yours\ntoday', 'Shop now'],
      nextId,
    );
    expect(result.map((variant) => [variant.id, variant.info.value])).toEqual([
      [-1, 'Get yours today'],
      [-2, 'Shop now'],
    ]);
    expect(nextId()).toBe(-3);
  });

  it('returns nothing for no texts', () => {
    expect(suggestedVariants(textElement(1), [], counter())).toEqual([]);
  });

  it('gives each suggestion the styles of the variant it is similar to', () => {
    const styles = [{ type: 'textColor' as const, value: 0xff0000ff }];
    const [suggestion] = suggestedVariants(textElement(1), ['Buy it today'], counter(), styles);
    expect(suggestion?.info.styles).toEqual(styles);
    expect(suggestion?.info.styles).not.toBe(styles);
  });
});
