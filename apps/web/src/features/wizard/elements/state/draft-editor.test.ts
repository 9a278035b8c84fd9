import type { CampaignElement, TextVariant, TextVariantInfo, Variant } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import {
  addVariant,
  canAddVariant,
  DRAFT_MESSAGES,
  draftCopy,
  draftErrors,
  emptyVariant,
  isDirty,
  openDraftEditor,
  removeInvalidEmpty,
  removeVariant,
  setTextType,
  submitDraft,
  updateVariant,
  type DraftEditorState,
} from './draft-editor';
import {
  BLUE,
  imageElement,
  imageVariant,
  RED,
  textElement,
  textVariant,
} from '../../state/test-fixtures';

/** The spec's message, then which variant the duplicate equals. */
const duplicateOf = (equals: string) => `${DUPLICATE} It equals ${equals}.`;
const DUPLICATE =
  'You have a duplicate variant. Please change an attribute or delete the duplicate variant to continue.';

const open = (
  element: CampaignElement,
  variants: Variant[],
  type: 'Default' | 'EditSuggestion' = 'Default',
) => openDraftEditor({ element, type, variants });

const draftText = (id: number, patch: Partial<TextVariantInfo> = {}): TextVariant =>
  textVariant(id, patch, 'draft');

describe('emptyVariant', () => {
  it('is an empty normal custom text draft for a text element', () => {
    expect(emptyVariant(textElement(1), -4)).toEqual({
      id: -4,
      key: 'v4',
      type: 'text',
      isEnabled: true,
      marker: 'draft',
      info: { value: '', textType: 'normal', styles: [], creationMethod: 'custom' },
    });
  });

  it('is an image draft without a source for an image element', () => {
    expect(emptyVariant(imageElement(1), -2)).toEqual({
      id: -2,
      key: 'v2',
      type: 'image',
      isEnabled: true,
      marker: 'draft',
      info: { src: '' },
    });
  });
});

describe('draftCopy', () => {
  it('copies the content under a new id as an enabled draft, without statistics or index', () => {
    const saved: TextVariant = {
      ...textVariant(7, { value: 'Saved', tone: 'bold' }),
      isEnabled: false,
      index: 3,
      metrics: {} as NonNullable<TextVariant['metrics']>,
      benchmark: {} as NonNullable<TextVariant['benchmark']>,
    };
    const copy = draftCopy(saved, -9);
    expect(copy).toEqual({
      id: -9,
      key: 'v9',
      type: 'text',
      isEnabled: true,
      marker: 'draft',
      info: saved.info,
    });
    expect(saved.id).toBe(7);
  });
});

describe('openDraftEditor', () => {
  it('starts with no submit, no errors and a clean snapshot', () => {
    const element = textElement(1);
    const draft = openDraftEditor({
      element,
      type: 'EditSuggestion',
      variants: [draftText(-1, { value: 'x' })],
      sourceVariantId: 5,
    });
    expect(draft).toMatchObject({
      elementId: 1,
      type: 'EditSuggestion',
      sourceVariantId: 5,
      submitCount: 0,
      errors: {},
    });
    expect(isDirty(draft)).toBe(false);
  });
});

describe('isDirty', () => {
  it('is true after an edit and false again when the edit is undone', () => {
    const element = textElement(1);
    const draft = open(element, [draftText(-1, { value: 'A' })]);
    const edited = updateVariant(draft, element, draftText(-1, { value: 'B' }));
    expect(isDirty(edited)).toBe(true);
    expect(isDirty(updateVariant(edited, element, draftText(-1, { value: 'A' })))).toBe(false);
  });

  it('is true after adding or removing a variant', () => {
    const element = textElement(1);
    const draft = open(element, [draftText(-1, { value: 'A' })]);
    expect(isDirty(addVariant(draft, element, -2))).toBe(true);
    expect(isDirty(removeVariant(draft, element, -1))).toBe(true);
  });
});

describe('adding variants', () => {
  const fill = (element: CampaignElement, count: number): DraftEditorState => {
    let draft = open(element, [emptyVariant(element, -1)]);
    for (let i = 2; i <= count; i += 1) draft = addVariant(draft, element, -i);
    return draft;
  };

  it('adds empty drafts up to 5 new variants', () => {
    const element = textElement(1);
    const draft = fill(element, 5);
    expect(draft.variants.map((variant) => variant.id)).toEqual([-1, -2, -3, -4, -5]);
    expect(draft.variants[4]).toEqual(emptyVariant(element, -5));
    expect(canAddVariant(draft, element)).toBe(false);
  });

  it('refuses the 6th', () => {
    const element = textElement(1);
    const draft = fill(element, 5);
    const after = addVariant(draft, element, -6);
    expect(after).toBe(draft);
    expect(after.variants).toHaveLength(5);
  });

  it('allows a 5th', () => {
    const element = textElement(1);
    expect(canAddVariant(fill(element, 4), element)).toBe(true);
  });

  it('counts the element drafts outside the editor, not saved variants or suggestions', () => {
    const element = textElement(1, [
      draftText(-10, { value: 'one' }),
      draftText(-11, { value: 'two' }),
      textVariant(3, { value: 'saved' }),
      textVariant(4, { value: 'saved 2' }),
      textVariant(-12, { value: 'ai' }, 'suggested'),
    ]);
    const three = fill(element, 3);
    expect(canAddVariant(three, element)).toBe(false);
    expect(addVariant(three, element, -20).variants).toHaveLength(3);
    expect(canAddVariant(fill(element, 2), element)).toBe(true);
  });

  it('does not count a draft being edited in place twice', () => {
    const inPlace = draftText(-10, { value: 'one' });
    const element = textElement(1, [inPlace, draftText(-11, { value: 'two' })]);
    let draft = open(element, [inPlace]);
    draft = addVariant(draft, element, -20);
    draft = addVariant(draft, element, -21);
    expect(canAddVariant(draft, element)).toBe(true);
    draft = addVariant(draft, element, -22);
    expect(draft.variants).toHaveLength(4);
    expect(canAddVariant(draft, element)).toBe(false);
  });

  it('an EditSuggestion draft is single-variant', () => {
    const element = textElement(1, [textVariant(-3, { value: 'AI' }, 'suggested')]);
    const draft = open(element, [draftText(-4, { value: 'AI' })], 'EditSuggestion');
    expect(canAddVariant(draft, element)).toBe(false);
    expect(addVariant(draft, element, -5)).toBe(draft);
  });

  it('adds image drafts for an image element', () => {
    const element = imageElement(1);
    const draft = addVariant(open(element, [emptyVariant(element, -1)]), element, -2);
    expect(draft.variants[1]).toEqual(emptyVariant(element, -2));
  });
});

describe('setTextType', () => {
  it('switching to advanced copies value into html when html is unset', () => {
    const variant = draftText(-1, { value: 'Hello' });
    expect(setTextType(variant, true).info).toEqual({
      ...variant.info,
      textType: 'advanced',
      html: 'Hello',
    });
  });

  it('copies value when html is blank', () => {
    expect(setTextType(draftText(-1, { value: 'Hello', html: '  ' }), true).info).toMatchObject({
      textType: 'advanced',
      html: 'Hello',
    });
  });

  it('keeps an existing html', () => {
    const variant = draftText(-1, { value: 'Hello', html: '<b>Bye</b>' });
    expect(setTextType(variant, true).info).toMatchObject({
      textType: 'advanced',
      html: '<b>Bye</b>',
      value: 'Hello',
    });
  });

  it('switching back to normal keeps value and html', () => {
    const variant = draftText(-1, { value: 'Hello', html: '<b>Bye</b>', textType: 'advanced' });
    expect(setTextType(variant, false).info).toEqual({
      ...variant.info,
      textType: 'normal',
    });
  });

  it('leaves image variants alone', () => {
    const variant = imageVariant(-1, 'a.png', 'draft');
    expect(setTextType(variant, true)).toBe(variant);
  });

  it('does not change the variant it was given', () => {
    const variant = draftText(-1, { value: 'Hello' });
    setTextType(variant, true);
    expect(variant.info.textType).toBe('normal');
    expect(variant.info.html).toBeUndefined();
  });
});

describe('removeInvalidEmpty', () => {
  it('removes empty text variants', () => {
    const element = textElement(1);
    const draft = open(element, [
      draftText(-1, { value: '' }),
      draftText(-2, { value: 'Keep' }),
      draftText(-3, { value: '   ' }),
      draftText(-4, { styles: [{ type: 'textColor', value: RED }] }),
      draftText(-5, { textType: 'advanced', html: '<i>x</i>' }),
      draftText(-6, { textType: 'advanced', html: ' ' }),
    ]);
    expect(removeInvalidEmpty(draft, element).variants.map((variant) => variant.id)).toEqual([
      -2, -4, -5,
    ]);
  });

  it('keeps one variant when all are empty', () => {
    const element = textElement(1);
    const draft = open(element, [draftText(-1), draftText(-2), draftText(-3)]);
    expect(removeInvalidEmpty(draft, element).variants.map((variant) => variant.id)).toEqual([-1]);
  });

  it('returns the same draft when nothing is removed', () => {
    const element = textElement(1);
    const draft = open(element, [draftText(-1, { value: 'A' })]);
    expect(removeInvalidEmpty(draft, element)).toBe(draft);
    const single = open(element, [draftText(-1)]);
    expect(removeInvalidEmpty(single, element)).toBe(single);
  });

  it('removes image variants without a source', () => {
    const element = imageElement(1);
    const draft = open(element, [
      imageVariant(-1, ' ', 'draft'),
      imageVariant(-2, 'b.png', 'draft'),
    ]);
    expect(removeInvalidEmpty(draft, element).variants.map((variant) => variant.id)).toEqual([-2]);
  });

  it('keeps an advanced variant whose html was cleared but which still has a value', () => {
    // It reverts to a valid normal variant on save (spec section 5), so it is not empty.
    const element = textElement(1);
    const draft = open(element, [
      draftText(-1, { value: 'Keep me', textType: 'advanced', html: '' }),
      draftText(-2, { value: 'Other' }),
    ]);
    expect(removeInvalidEmpty(draft, element).variants.map((variant) => variant.id)).toEqual([
      -1, -2,
    ]);
  });

  it('re-checks the errors after the first submit', () => {
    const element = textElement(1);
    const submitted = submitDraft(
      open(element, [draftText(-1, { value: 'A' }), draftText(-2, { value: 'A' }), draftText(-3)]),
      element,
    ).draft;
    expect(Object.keys(submitted.errors).sort()).toEqual(['-1', '-2', '-3']);
    const after = removeInvalidEmpty(submitted, element);
    expect(after.errors).toEqual({
      [-1]: duplicateOf('variant 2 in this editor'),
      [-2]: duplicateOf('variant 1 in this editor'),
    });
  });
});

describe('submitDraft', () => {
  it('increments the submit count each time', () => {
    const element = textElement(1);
    const first = submitDraft(open(element, [draftText(-1, { value: 'A' })]), element);
    expect(first.draft.submitCount).toBe(1);
    expect(submitDraft(first.draft, element).draft.submitCount).toBe(2);
  });

  it('has no error and returns the variants for a valid draft', () => {
    const element = textElement(1, [textVariant(5, { value: 'Saved' })]);
    const variants = [draftText(-1, { value: 'New' })];
    const result = submitDraft(open(element, variants), element);
    expect(result.firstErrorId).toBeUndefined();
    expect(result.draft.errors).toEqual({});
    expect(result.variants).toEqual(variants);
  });

  it('reports an empty text variant', () => {
    const element = textElement(1);
    const result = submitDraft(open(element, [draftText(-1)]), element);
    expect(result.firstErrorId).toBe(-1);
    expect(result.draft.errors).toEqual({ [-1]: DRAFT_MESSAGES.empty });
    expect(DRAFT_MESSAGES.empty).toBe('Enter the new text or choose a style for this variant.');
  });

  it('accepts a blank value with a style', () => {
    const element = textElement(1);
    const result = submitDraft(
      open(element, [draftText(-1, { styles: [{ type: 'fontSize', value: 20 }] })]),
      element,
    );
    expect(result.firstErrorId).toBeUndefined();
  });

  it('reports an image variant without a source', () => {
    const element = imageElement(1);
    const result = submitDraft(open(element, [imageVariant(-1, '', 'draft')]), element);
    expect(result.firstErrorId).toBe(-1);
    expect(result.draft.errors).toEqual({ [-1]: DRAFT_MESSAGES.imageMissing });
  });

  it('returns the first variant in error, in the editor order', () => {
    const element = textElement(1);
    const result = submitDraft(
      open(element, [
        draftText(-7, { value: 'fine' }),
        draftText(-3),
        draftText(-9, { value: 'Buy now' }),
      ]),
      element,
    );
    expect(result.firstErrorId).toBe(-3);
    expect(result.draft.errors).toEqual({
      [-3]: DRAFT_MESSAGES.empty,
      [-9]: duplicateOf('the original'),
    });
  });

  it('normalises an advanced variant without html to normal', () => {
    const element = textElement(1);
    const result = submitDraft(
      open(element, [draftText(-1, { value: 'Text', textType: 'advanced', html: '  ' })]),
      element,
    );
    expect(result.variants[0]?.type === 'text' && result.variants[0].info).toMatchObject({
      value: 'Text',
      textType: 'normal',
      html: undefined,
    });
    expect(result.draft.variants).toEqual(result.variants);
    expect(result.firstErrorId).toBeUndefined();
  });

  it('keeps an advanced variant with html', () => {
    const element = textElement(1);
    const variant = draftText(-1, { value: 'Text', textType: 'advanced', html: '<b>T</b>' });
    const result = submitDraft(open(element, [variant]), element);
    expect(result.variants).toEqual([variant]);
  });

  describe('duplicates', () => {
    it('asserts the message verbatim', () => {
      const element = textElement(1);
      const result = submitDraft(open(element, [draftText(-1, { value: 'Buy now' })]), element);
      expect(result.draft.errors[-1]).toBe(
        'You have a duplicate variant. Please change an attribute or delete the duplicate variant to continue. It equals the original.',
      );
    });

    it('a draft equal to a saved variant', () => {
      const element = textElement(1, [textVariant(5, { value: 'Saved' })]);
      const result = submitDraft(open(element, [draftText(-1, { value: ' Saved ' })]), element);
      expect(result.firstErrorId).toBe(-1);
      expect(result.draft.errors).toEqual({ [-1]: duplicateOf('saved variant 1') });
    });

    it('a draft equal to a draft saved earlier (create mode) marks only the one being edited', () => {
      const element = textElement(1, [draftText(-5, { value: 'Earlier' })]);
      const result = submitDraft(open(element, [draftText(-1, { value: 'Earlier' })]), element);
      expect(result.draft.errors).toEqual({ [-1]: duplicateOf('saved variant 1') });
    });

    it('two equal drafts in the editor', () => {
      const element = textElement(1);
      const result = submitDraft(
        open(element, [draftText(-1, { value: 'Twin' }), draftText(-2, { value: 'Twin' })]),
        element,
      );
      expect(result.draft.errors).toEqual({
        [-1]: duplicateOf('variant 2 in this editor'),
        [-2]: duplicateOf('variant 1 in this editor'),
      });
      expect(result.firstErrorId).toBe(-1);
    });

    it('a draft equal to the control (the original text)', () => {
      const element = textElement(1, [], 'Original');
      const result = submitDraft(open(element, [draftText(-1, { value: 'Original' })]), element);
      expect(result.draft.errors).toEqual({ [-1]: duplicateOf('the original') });
    });

    it('a draft equal to the original image', () => {
      const element = imageElement(1, [], 'a.png');
      const result = submitDraft(open(element, [imageVariant(-1, 'a.png', 'draft')]), element);
      expect(result.draft.errors).toEqual({ [-1]: duplicateOf('the original') });
    });

    it('a suggestion is not compared', () => {
      const element = textElement(1, [textVariant(-5, { value: 'AI' }, 'suggested')]);
      const result = submitDraft(open(element, [draftText(-1, { value: 'AI' })]), element);
      expect(result.firstErrorId).toBeUndefined();
    });

    it('a draft edited in place is not compared with its own old version', () => {
      const stored = draftText(-5, { value: 'Mine' });
      const element = textElement(1, [stored]);
      const result = submitDraft(open(element, [stored]), element);
      expect(result.firstErrorId).toBeUndefined();
    });

    it('normal variants compare on value, text colour, background colour and font size', () => {
      const styles = [
        { type: 'textColor' as const, value: RED },
        { type: 'backgroundColor' as const, value: BLUE },
        { type: 'fontSize' as const, value: 18 },
      ];
      const element = textElement(1, [textVariant(5, { value: 'Same', styles })]);
      const check = (patch: Partial<TextVariantInfo>) =>
        submitDraft(open(element, [draftText(-1, patch)]), element).firstErrorId;

      expect(check({ value: 'Same', styles })).toBe(-1);
      // Different padding (or border) alone is still a duplicate.
      expect(
        check({
          value: 'Same',
          styles: [
            ...styles,
            { type: 'padding', value: { top: 4, right: 4, bottom: 4, left: 4 } },
            { type: 'borderWidth', value: 2 },
          ],
        }),
      ).toBe(-1);
      // Style order does not matter.
      expect(check({ value: 'Same', styles: [...styles].reverse() })).toBe(-1);
      expect(check({ value: 'Other', styles })).toBeUndefined();
      expect(
        check({ value: 'Same', styles: [{ type: 'textColor', value: BLUE }, ...styles.slice(1)] }),
      ).toBeUndefined();
      expect(
        check({
          value: 'Same',
          styles: [styles[0]!, { type: 'backgroundColor', value: RED }, styles[2]!],
        }),
      ).toBeUndefined();
      expect(
        check({ value: 'Same', styles: [styles[0]!, styles[1]!, { type: 'fontSize', value: 19 }] }),
      ).toBeUndefined();
      expect(check({ value: 'Same', styles: styles.slice(0, 2) })).toBeUndefined();
    });

    it('a different text colour is not a duplicate of the control', () => {
      const element = textElement(1, [], 'Original');
      const result = submitDraft(
        open(element, [
          draftText(-1, { value: 'Original', styles: [{ type: 'textColor', value: RED }] }),
        ]),
        element,
      );
      expect(result.firstErrorId).toBeUndefined();
    });

    it('a different padding alone is a duplicate of the control', () => {
      const element = textElement(1, [], 'Original');
      const result = submitDraft(
        open(element, [
          draftText(-1, {
            value: 'Original',
            styles: [{ type: 'padding', value: { top: 1, right: 2, bottom: 3, left: 4 } }],
          }),
        ]),
        element,
      );
      expect(result.draft.errors).toEqual({ [-1]: duplicateOf('the original') });
    });

    it('advanced variants compare on html', () => {
      const element = textElement(1, [
        textVariant(5, { value: 'a', textType: 'advanced', html: '<b>Hi</b>' }),
      ]);
      const check = (patch: Partial<TextVariantInfo>) =>
        submitDraft(open(element, [draftText(-1, patch)]), element).firstErrorId;
      expect(check({ value: 'other value', textType: 'advanced', html: '<b>Hi</b>' })).toBe(-1);
      expect(check({ value: 'a', textType: 'advanced', html: '<i>Hi</i>' })).toBeUndefined();
      // A normal variant with the same value is not the same as the advanced one.
      expect(check({ value: 'a' })).toBeUndefined();
    });

    it('an empty variant reports the empty message, not the duplicate one', () => {
      const element = textElement(1);
      const result = submitDraft(open(element, [draftText(-1), draftText(-2)]), element);
      expect(result.draft.errors).toEqual({
        [-1]: DRAFT_MESSAGES.empty,
        [-2]: DRAFT_MESSAGES.empty,
      });
    });
  });
});

describe('errors while editing', () => {
  it('are not checked before the first submit', () => {
    const element = textElement(1, [], 'Original');
    let draft = open(element, [draftText(-1, { value: 'A' })]);
    draft = updateVariant(draft, element, draftText(-1, { value: 'Original' }));
    draft = addVariant(draft, element, -2);
    draft = removeVariant(draft, element, -1);
    expect(draft.errors).toEqual({});
    expect(draft.submitCount).toBe(0);
  });

  it('are re-checked on every edit after the first submit', () => {
    const element = textElement(1, [], 'Original');
    const submitted = submitDraft(open(element, [draftText(-1, { value: 'Original' })]), element);
    expect(submitted.draft.errors).toEqual({ [-1]: duplicateOf('the original') });

    const fixed = updateVariant(submitted.draft, element, draftText(-1, { value: 'Changed' }));
    expect(fixed.errors).toEqual({});

    const broken = updateVariant(fixed, element, draftText(-1, { value: '' }));
    expect(broken.errors).toEqual({ [-1]: DRAFT_MESSAGES.empty });

    const added = addVariant(fixed, element, -2);
    expect(added.errors).toEqual({ [-2]: DRAFT_MESSAGES.empty });

    const removed = removeVariant(added, element, -2);
    expect(removed.errors).toEqual({});
    expect(removed.submitCount).toBe(1);
  });

  it('agree with submit about an advanced variant whose html was cleared', () => {
    const element = textElement(1);
    const submitted = submitDraft(open(element, [draftText(-1, { value: 'A' })]), element).draft;
    const cleared = draftText(-1, { value: 'A', textType: 'advanced', html: '' });
    expect(updateVariant(submitted, element, cleared).errors).toEqual({});
    expect(submitDraft(open(element, [cleared]), element).firstErrorId).toBeUndefined();
    const empty = draftText(-1, { value: ' ', textType: 'advanced', html: '' });
    expect(updateVariant(submitted, element, empty).errors).toEqual({
      [-1]: DRAFT_MESSAGES.empty,
    });
  });

  it('draftErrors can be called directly', () => {
    const element = textElement(1, [], 'Original');
    const draft = open(element, [draftText(-1, { value: 'Original' }), draftText(-2)]);
    expect(draftErrors(draft, element)).toEqual({
      [-1]: duplicateOf('the original'),
      [-2]: DRAFT_MESSAGES.empty,
    });
  });
});

describe('updateVariant / removeVariant', () => {
  it('replace or drop only the variant with that id', () => {
    const element = textElement(1);
    const draft = open(element, [draftText(-1, { value: 'A' }), draftText(-2, { value: 'B' })]);
    const updated = updateVariant(draft, element, draftText(-2, { value: 'C' }));
    expect(updated.variants.map((v) => v.type === 'text' && v.info.value)).toEqual(['A', 'C']);
    expect(draft.variants.map((v) => v.type === 'text' && v.info.value)).toEqual(['A', 'B']);
    expect(removeVariant(draft, element, -1).variants.map((v) => v.id)).toEqual([-2]);
  });
});
