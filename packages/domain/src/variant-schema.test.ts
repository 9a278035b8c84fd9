import { describe, it, expect } from 'vitest';
import {
  colorSchema,
  textAttributesSchema,
  textVariantInfoSchema,
  variantSchema,
  variantStyleSchema,
} from './variant-schema';

describe('variant schemas', () => {
  it('accepts packed colours in signed and unsigned form', () => {
    expect(colorSchema.safeParse(0xffffffff).success).toBe(true);
    expect(colorSchema.safeParse(-1).success).toBe(true);
    expect(colorSchema.safeParse(1.5).success).toBe(false);
    expect(colorSchema.safeParse(2 ** 32).success).toBe(false);
  });

  it('defaults text attributes to text only', () => {
    expect(textAttributesSchema.parse({})).toEqual({
      text: true,
      color: false,
      fontSize: false,
      borderColor: false,
      borderWidth: false,
      padding: false,
      borderRadius: false,
    });
  });

  it('discriminates styles by type', () => {
    expect(variantStyleSchema.parse({ type: 'fontSize', value: 18 })).toEqual({
      type: 'fontSize',
      value: 18,
    });
    expect(
      variantStyleSchema.safeParse({
        type: 'padding',
        value: { top: 1, right: 2, bottom: 3, left: 4 },
      }).success,
    ).toBe(true);
    expect(
      variantStyleSchema.safeParse({
        type: 'borderRadius',
        value: { topLeft: 1, topRight: 1, bottomLeft: 1, bottomRight: 1 },
      }).success,
    ).toBe(true);
    expect(variantStyleSchema.safeParse({ type: 'textColor', value: 'red' }).success).toBe(false);
    expect(variantStyleSchema.safeParse({ type: 'padding', value: 4 }).success).toBe(false);
    expect(variantStyleSchema.safeParse({ type: 'shadow', value: 1 }).success).toBe(false);
  });

  it('fills text variant defaults', () => {
    expect(textVariantInfoSchema.parse({ value: 'Buy now' })).toEqual({
      value: 'Buy now',
      textType: 'normal',
      styles: [],
      creationMethod: 'custom',
    });
  });

  it('pairs the variant type with its info', () => {
    const text = variantSchema.parse({ id: 1, key: 'v1', type: 'text', info: { value: 'Hi' } });
    expect(text.isEnabled).toBe(true);
    expect(text.type === 'text' && text.info.value).toBe('Hi');
    const image = variantSchema.parse({
      id: -1,
      key: 'v2',
      type: 'image',
      marker: 'suggested',
      info: { src: 'https://cdn.example.com/a.png', status: { type: 'generate', duration: 20 } },
    });
    expect(image.type === 'image' && image.info.status?.type).toBe('generate');
    expect(
      variantSchema.safeParse({ id: 1, key: 'v', type: 'image', info: { value: 'x' } }).success,
    ).toBe(false);
    expect(
      variantSchema.safeParse({ id: 1, key: 'v', type: 'text', info: { value: 'x' }, marker: 'x' })
        .success,
    ).toBe(false);
  });
});
