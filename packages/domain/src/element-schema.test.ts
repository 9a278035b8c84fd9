import { describe, it, expect } from 'vitest';
import { domStatsSchema, elementSchema } from './element-schema';

const textElement = {
  id: 7,
  selector: 'h1.hero',
  type: 'text',
  key: 'el-7',
  control: { info: { value: 'Welcome' } },
  variants: [{ id: 1, key: 'v1', type: 'text', info: { value: 'Hello' } }],
  textType: 'normal',
  objective: 'More sign-ups',
  attributes: { color: true },
};

describe('elementSchema', () => {
  it('parses a text element with defaults', () => {
    const element = elementSchema.parse(textElement);
    expect(element.type).toBe('text');
    if (element.type !== 'text') return;
    expect(element.attributes).toMatchObject({ text: true, color: true, fontSize: false });
    expect(element.variants[0]?.isEnabled).toBe(true);
    expect(element.control.info.textType).toBe('normal');
  });

  it('parses an image element', () => {
    const element = elementSchema.parse({
      id: -1,
      __new__: true,
      selector: 'img.logo',
      type: 'image',
      key: 'el-new',
      control: { info: { src: 'https://example.com/logo.png' } },
      prompt: 'a brighter logo',
    });
    expect(element.variants).toEqual([]);
    expect(element.__new__).toBe(true);
  });

  it('keeps the fingerprint beside the selector; elements saved without one stay valid', () => {
    const fingerprint = { tag: 'h1', text: 'Welcome', landmark: 'main', index: 0 };
    expect(elementSchema.parse({ ...textElement, fingerprint }).fingerprint).toEqual(fingerprint);
    expect(elementSchema.parse(textElement).fingerprint).toBeUndefined();
    expect(elementSchema.safeParse({ ...textElement, fingerprint: { tag: 'H1!' } }).success).toBe(
      false,
    );
  });

  it('requires a non-empty selector', () => {
    expect(elementSchema.safeParse({ ...textElement, selector: '' }).success).toBe(false);
    expect(elementSchema.safeParse({ ...textElement, selector: '  ' }).success).toBe(false);
  });

  it('rejects variants of the other type', () => {
    const imageVariant = { id: 2, key: 'v2', type: 'image', info: { src: 'x.png' } };
    expect(elementSchema.safeParse({ ...textElement, variants: [imageVariant] }).success).toBe(
      false,
    );
  });
});

describe('domStatsSchema', () => {
  it('defaults every list to empty', () => {
    expect(domStatsSchema.parse({ textColor: [{ value: 255 }] })).toEqual({
      textColor: [{ value: 255 }],
      backgroundColor: [],
      fontSize: [],
      borderColor: [],
      borderWidth: [],
      padding: [],
      borderRadius: [],
    });
  });
});
