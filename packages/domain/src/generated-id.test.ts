import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGeneratedName } from './generated-id';

const word = fc.constantFrom(
  'main',
  'nav',
  'hero',
  'signup',
  'cta',
  'pricing',
  'title',
  'btn',
  'primary',
  'footer',
  'logo',
  'h1',
  'v2',
);
const authored = fc
  .array(word, { minLength: 1, maxLength: 4 })
  .chain((words) => fc.constantFrom('-', '_').map((sep) => words.join(sep)));

describe('isGeneratedName', () => {
  it.each(['hero', 'signup-button', 'main-nav', 'pricing_table', 'step-2', 'h1', 'cta'])(
    'keeps the authored name %j',
    (name) => expect(isGeneratedName(name)).toBe(false),
  );

  it.each([
    'ember123',
    ':r1:',
    ':R2b6:',
    '«r3»',
    'react-select-2-input',
    'radix-:r4:',
    'headlessui-menu-button-1',
    'mui-12',
    'css-1x2y3z',
    'sc-bdVaJa',
    'item-12345',
    '0f8fad5b-d9cb-469f-a165-70867728950e',
    'Button_root__a8F3k',
    'x7f3a9c2',
  ])('flags the generated name %j', (name) => expect(isGeneratedName(name)).toBe(true));

  it('never flags names made of words (and short numbers) joined by - or _', () => {
    fc.assert(fc.property(authored, (name) => !isGeneratedName(name)));
  });

  it('flags any name holding a run of three or more digits', () => {
    fc.assert(
      fc.property(authored, fc.integer({ min: 100, max: 1e9 }), (name, n) =>
        isGeneratedName(`${name}-${n}`),
      ),
    );
  });

  it('flags framework ids whatever their counter', () => {
    fc.assert(
      fc.property(fc.nat(), fc.stringMatching(/^[a-zA-Z0-9]{1,6}$/), (n, tail) => {
        expect(isGeneratedName(`ember${n}`)).toBe(true);
        expect(isGeneratedName(`:${tail}:`)).toBe(true);
      }),
    );
  });
});
