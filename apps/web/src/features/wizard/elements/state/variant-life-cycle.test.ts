import type { DomStats, TextElement, Variant } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { draftCopy } from './draft-editor';
import { imageElement, imageVariant, textElement, textVariant } from '../../state/test-fixtures';
import {
  approveSuggestionLocally,
  duplicateLocally,
  elementFromPick,
  removeVariant,
  saveDraftLocally,
  setVariantEnabled,
  variantGroup,
  variantsToSave,
  withServerVariants,
  type PickedElement,
} from './variant-life-cycle';

const domStats: DomStats = {
  textColor: [{ value: 0x000000ff }],
  backgroundColor: [],
  fontSize: [{ size: 16 }],
  borderColor: [],
  borderWidth: [],
  padding: [],
  borderRadius: [],
};

const picked = (patch: Partial<PickedElement> = {}): PickedElement => ({
  selector: 'h1.title',
  type: 'text',
  text: 'Welcome',
  html: '<b>Welcome</b>',
  domStats,
  ...patch,
});

const updateText = (variant: Variant, value: string): Variant =>
  variant.type === 'text' ? { ...variant, info: { ...variant.info, value } } : variant;

const ids = (element: { variants: readonly { id: number }[] }) =>
  element.variants.map((variant) => variant.id);

describe('elementFromPick', () => {
  it('keeps the fingerprint beside the selector, to find the element again and name it', () => {
    const fingerprint = { tag: 'h1', text: 'Welcome', landmark: 'main' as const, index: 0 };
    expect(elementFromPick(picked({ fingerprint }), -3)?.fingerprint).toEqual(fingerprint);
    expect(elementFromPick(picked(), -3)).not.toHaveProperty('fingerprint');
  });

  it('makes a new text element whose control is the picked text', () => {
    expect(elementFromPick(picked(), -3)).toEqual({
      id: -3,
      selector: 'h1.title',
      key: 'e3',
      __new__: true,
      meta: null,
      type: 'text',
      textType: 'normal',
      domStats,
      control: {
        info: { value: 'Welcome', textType: 'normal', styles: [], creationMethod: 'custom' },
      },
      variants: [],
    });
  });

  it('makes a new image element whose control is the picked source', () => {
    expect(elementFromPick(picked({ type: 'image', src: 'a.png' }), -1)).toEqual({
      id: -1,
      selector: 'h1.title',
      key: 'e1',
      __new__: true,
      meta: null,
      type: 'image',
      control: { info: { src: 'a.png' } },
      variants: [],
    });
    expect(elementFromPick(picked({ type: 'image' }), -1)?.control.info).toEqual({ src: '' });
  });

  it('ignores layout picks', () => {
    expect(elementFromPick(picked({ type: 'layout' }), -1)).toBeUndefined();
  });
});

describe('approveSuggestionLocally (create mode)', () => {
  it('turns the suggestion into a draft, in place, leaving the others alone', () => {
    const element = textElement(1, [
      textVariant(5, { value: 'saved' }),
      textVariant(-1, { value: 'ai 1' }, 'suggested'),
      textVariant(-2, { value: 'ai 2' }, 'suggested'),
    ]);
    const approved = approveSuggestionLocally(element, -1);
    expect(approved.variants.map((variant) => [variant.id, variant.marker])).toEqual([
      [5, undefined],
      [-1, 'draft'],
      [-2, 'suggested'],
    ]);
    expect(approved.variants[1]?.info).toEqual(element.variants[1]?.info);
    expect(element.variants[1]?.marker).toBe('suggested');
  });

  it('leaves the suggestion when the element already has five drafts (spec 5)', () => {
    const drafts = [1, 2, 3, 4, 5].map((n) => textVariant(-n, { value: `d${n}` }, 'draft'));
    const element = textElement(1, [...drafts, textVariant(-9, { value: 'ai' }, 'suggested')]);
    expect(approveSuggestionLocally(element, -9)).toBe(element);
    const four = textElement(1, [
      ...drafts.slice(1),
      textVariant(-9, { value: 'ai' }, 'suggested'),
    ]);
    expect(approveSuggestionLocally(four, -9).variants.at(-1)?.marker).toBe('draft');
  });
});

describe('saveDraftLocally (create mode)', () => {
  it('replaces a draft edited in place, keeping its position', () => {
    const element = textElement(1, [
      textVariant(-1, { value: 'one' }, 'draft'),
      textVariant(-2, { value: 'two' }, 'draft'),
    ]);
    const edited = textVariant(-1, { value: 'ONE' }, 'draft');
    const saved = saveDraftLocally(element, [edited]);
    expect(saved.variants).toEqual([edited, element.variants[1]]);
  });

  it('appends new drafts after the existing variants', () => {
    const element = textElement(1, [textVariant(5, { value: 'saved' })]);
    const a = textVariant(-3, { value: 'a' }, 'draft');
    const b = textVariant(-4, { value: 'b' }, 'draft');
    expect(saveDraftLocally(element, [a, b]).variants).toEqual([element.variants[0], a, b]);
  });

  it('removes the edited suggestion and appends the draft made from it', () => {
    const element = textElement(1, [
      textVariant(-1, { value: 'ai 1' }, 'suggested'),
      textVariant(-2, { value: 'ai 2' }, 'suggested'),
    ]);
    const draft = textVariant(-5, { value: 'ai 1 edited' }, 'draft');
    const saved = saveDraftLocally(element, [draft], -1);
    expect(saved.variants).toEqual([element.variants[1], draft]);
  });

  it('keeps the saved variant a draft copy was made from', () => {
    const element = textElement(1, [textVariant(5, { value: 'saved' })]);
    const copy = updateText(draftCopy(element.variants[0]!, -2), 'x');
    expect(ids(saveDraftLocally(element, [copy]))).toEqual([5, -2]);
  });
});

describe('duplicateLocally (create mode)', () => {
  it('adds a suggested copy under the new id', () => {
    const source = {
      ...textVariant(-1, { value: 'copy me', tone: 'calm' }, 'draft'),
      isEnabled: false,
    };
    const element = textElement(1, [source]);
    const duplicated = duplicateLocally(element, -1, -7);
    expect(duplicated.variants).toEqual([
      source,
      { id: -7, key: 'v7', type: 'text', isEnabled: true, marker: 'suggested', info: source.info },
    ]);
  });

  it('does nothing for an unknown variant', () => {
    const element = textElement(1, [textVariant(5)]);
    expect(duplicateLocally(element, 99, -7)).toBe(element);
  });
});

describe('setVariantEnabled', () => {
  it('changes only that variant', () => {
    const element = textElement(1, [textVariant(5), textVariant(6)]);
    const disabled = setVariantEnabled(element, 6, false);
    expect(disabled.variants.map((variant) => variant.isEnabled)).toEqual([true, false]);
    expect(setVariantEnabled(disabled, 6, true).variants.map((v) => v.isEnabled)).toEqual([
      true,
      true,
    ]);
  });
});

describe('removeVariant', () => {
  it('removes only that variant', () => {
    const element = imageElement(1, [imageVariant(5, 'a.png'), imageVariant(6, 'b.png')]);
    expect(ids(removeVariant(element, 5))).toEqual([6]);
    expect(ids(removeVariant(element, 99))).toEqual([5, 6]);
  });
});

describe('withServerVariants (update mode)', () => {
  const element = (): TextElement =>
    textElement(1, [
      textVariant(5, { value: 'saved' }),
      textVariant(-1, { value: 'ai 1' }, 'suggested'),
      textVariant(-2, { value: 'ai 2' }, 'suggested'),
    ]);

  it('replaces the saved variants with the server list and drops the approved suggestion', () => {
    const server = [textVariant(5, { value: 'saved' }), textVariant(6, { value: 'ai 1' })];
    const next = withServerVariants(element(), server, -1);
    expect(next.variants.map((variant) => [variant.id, variant.marker])).toEqual([
      [5, undefined],
      [6, undefined],
      [-2, 'suggested'],
    ]);
  });

  it('keeps every suggestion when none was approved', () => {
    expect(ids(withServerVariants(element(), [textVariant(5)]))).toEqual([5, -1, -2]);
  });

  it('removes saved variants the server no longer lists and clears any marker', () => {
    const next = withServerVariants(element(), [textVariant(7, {}, 'draft')]);
    expect(next.variants.map((variant) => [variant.id, variant.marker])).toEqual([
      [7, undefined],
      [-1, 'suggested'],
      [-2, 'suggested'],
    ]);
  });
});

describe('variantsToSave', () => {
  it('drops suggestions, markers and the __new__ flag', () => {
    const element = {
      ...textElement(-1, [
        textVariant(5, { value: 'saved' }),
        textVariant(-2, { value: 'draft' }, 'draft'),
        textVariant(-3, { value: 'ai' }, 'suggested'),
      ]),
      __new__: true,
    };
    const toSave = variantsToSave(element);
    expect(toSave).not.toHaveProperty('__new__');
    expect(toSave.variants).toEqual([
      textVariant(5, { value: 'saved' }),
      textVariant(-2, { value: 'draft' }),
    ]);
    expect(toSave.variants.every((variant) => !('marker' in variant))).toBe(true);
    expect(element.__new__).toBe(true);
    expect(element.variants).toHaveLength(3);
  });
});

describe('variantGroup', () => {
  it('puts suggestions in "suggested" and everything else in "saved"', () => {
    expect(variantGroup(textVariant(1, {}, 'suggested'))).toBe('suggested');
    expect(variantGroup(textVariant(1, {}, 'draft'))).toBe('saved');
    expect(variantGroup(textVariant(1))).toBe('saved');
  });
});
