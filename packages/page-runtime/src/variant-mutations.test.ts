import { describe, expect, it } from 'vitest';
import type {
  ImageElement,
  ImageVariant,
  TextElement,
  TextVariant,
  TextVariantInfo,
} from '@kindling/domain';
import { variantMutations } from './variant-mutations';

const RED = 0xff0000ff;
const BLUE = 0x0000ffff;

const textInfo = (patch: Partial<TextVariantInfo> = {}): TextVariantInfo => ({
  value: '',
  textType: 'normal',
  styles: [],
  creationMethod: 'custom',
  ...patch,
});
const textVariant = (id: number, patch: Partial<TextVariantInfo> = {}): TextVariant => ({
  id,
  key: `k${id}`,
  type: 'text',
  isEnabled: true,
  info: textInfo(patch),
});
const imageVariant = (id: number, src: string): ImageVariant => ({
  id,
  key: `k${id}`,
  type: 'image',
  isEnabled: true,
  info: { src },
});
const textElement = (id: number, selector: string): TextElement => ({
  id,
  selector,
  key: `e${id}`,
  type: 'text',
  control: { info: textInfo({ value: 'Original' }) },
  variants: [],
});
const imageElement = (id: number): ImageElement => ({
  id,
  selector: `#img${id}`,
  key: `e${id}`,
  type: 'image',
  control: { info: { src: 'https://example.com/original.png' } },
  variants: [],
});

const element = textElement(1, '.cta');

describe('variantMutations', () => {
  it('sets the text value of a normal variant', () => {
    expect(variantMutations(element, textVariant(2, { value: 'Buy today' }))).toEqual([
      { type: 'textValue', selector: '.cta', value: 'Buy today' },
    ]);
  });

  it('sends the html of an advanced variant with its value', () => {
    expect(
      variantMutations(
        element,
        textVariant(2, { value: 'Buy', textType: 'advanced', html: '<b>Buy</b>' }),
      ),
    ).toEqual([{ type: 'textValue', selector: '.cta', value: 'Buy', html: '<b>Buy</b>' }]);
  });

  it('hides the element of a variant that hides it, whatever text, styles or image it kept (issue 32)', () => {
    const hide = [{ type: 'layout', selector: '.cta', styles: { display: 'none' } }];
    expect(
      variantMutations(
        element,
        textVariant(2, { value: 'Buy', hidden: true, styles: [{ type: 'fontSize', value: 20 }] }),
      ),
    ).toEqual(hide);
    const image = imageElement(3);
    expect(
      variantMutations(image, {
        ...imageVariant(4, 'https://example.com/b.png'),
        info: { src: 'https://example.com/b.png', hidden: true },
      }),
    ).toEqual([{ ...hide[0], selector: '#img3' }]);
  });

  it('changes the link address and attributes after the content (issue 32)', () => {
    expect(
      variantMutations(
        element,
        textVariant(2, { value: 'Buy', href: '/pricing', attributes: { title: 'Free trial' } }),
      ),
    ).toEqual([
      { type: 'textValue', selector: '.cta', value: 'Buy' },
      { type: 'link', selector: '.cta', href: '/pricing' },
      { type: 'attribute', selector: '.cta', name: 'title', value: 'Free trial' },
    ]);
    expect(
      variantMutations(imageElement(3), {
        ...imageVariant(4, ''),
        info: { src: '', attributes: { alt: 'A lamp at dusk' } },
      }),
    ).toEqual([{ type: 'attribute', selector: '#img3', name: 'alt', value: 'A lamp at dusk' }]);
  });

  it('treats an advanced variant without html as normal', () => {
    expect(
      variantMutations(element, textVariant(2, { value: 'Buy', textType: 'advanced', html: ' ' })),
    ).toEqual([{ type: 'textValue', selector: '.cta', value: 'Buy' }]);
  });

  it('ignores the html of a normal variant', () => {
    expect(variantMutations(element, textVariant(2, { value: 'Buy', html: '<b>Buy</b>' }))).toEqual(
      [{ type: 'textValue', selector: '.cta', value: 'Buy' }],
    );
  });

  it('keeps the original text for a blank value with styles', () => {
    expect(
      variantMutations(
        element,
        textVariant(2, { value: '  ', styles: [{ type: 'textColor', value: RED }] }),
      ),
    ).toEqual([{ type: 'textColor', selector: '.cta', value: RED }]);
  });

  it('has no mutation for an empty variant', () => {
    expect(variantMutations(element, textVariant(2))).toEqual([]);
  });

  it('maps each style type, after the text, in order', () => {
    const padding = { top: 1, right: 2, bottom: 3, left: 4 };
    const borderRadius = { topLeft: 5, topRight: 6, bottomLeft: 7, bottomRight: 8 };
    expect(
      variantMutations(
        element,
        textVariant(2, {
          value: 'Go',
          styles: [
            { type: 'textColor', value: RED },
            { type: 'backgroundColor', value: BLUE },
            { type: 'borderColor', value: RED },
            { type: 'fontSize', value: 18 },
            { type: 'borderWidth', value: 2 },
            { type: 'padding', value: padding },
            { type: 'borderRadius', value: borderRadius },
          ],
        }),
      ),
    ).toEqual([
      { type: 'textValue', selector: '.cta', value: 'Go' },
      { type: 'textColor', selector: '.cta', value: RED },
      { type: 'backgroundColor', selector: '.cta', value: BLUE },
      { type: 'borderColor', selector: '.cta', value: RED },
      { type: 'fontSize', selector: '.cta', value: 18 },
      { type: 'borderWidth', selector: '.cta', value: 2 },
      { type: 'padding', selector: '.cta', value: padding },
      { type: 'borderRadius', selector: '.cta', value: borderRadius },
    ]);
  });

  it('sets the image source', () => {
    const image = imageElement(3);
    expect(variantMutations(image, imageVariant(4, 'https://cdn.example.com/b.png'))).toEqual([
      { type: 'imageSrc', selector: '#img3', src: 'https://cdn.example.com/b.png' },
    ]);
  });

  it('has no mutation for an image without a source', () => {
    const image = imageElement(3);
    expect(variantMutations(image, imageVariant(4, ''))).toEqual([]);
    expect(variantMutations(image, imageVariant(4, '   '))).toEqual([]);
  });
});
