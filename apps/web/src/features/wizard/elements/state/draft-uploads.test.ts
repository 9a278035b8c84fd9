import {
  emptyDomStats,
  MAX_DRAFT_VARIANTS,
  validateUploads,
  type CampaignElement,
  type ImageVariant,
  type Variant,
} from '@kindling/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DRAFT_MESSAGES,
  openDraftEditor,
  submitDraft,
  type DraftEditorState,
} from './draft-editor';
import { existingNewVariants, placeImages, type PlacedImage } from './draft-uploads';
import { imageElement, imageVariant, textVariant } from '../../state/test-fixtures';
import { createWizardState, wizardReducer } from '../../state/wizard-state';
import type { WizardState } from '../../state/wizard-types';

const CDN = 'https://cdn.example.com';
const img = (name: string, thumb = true): PlacedImage => ({
  src: `${CDN}/${name}.png`,
  ...(thumb ? { thumb: `${CDN}/${name}-thumb.png` } : {}),
});

/** A new (draft) image variant in the editor; '' = no image yet. */
const draftImage = (id: number, src = ''): ImageVariant => imageVariant(id, src, 'draft');

const open = (
  element: CampaignElement,
  variants: Variant[],
  type: 'Default' | 'EditSuggestion' = 'Default',
): DraftEditorState => openDraftEditor({ element, type, variants });

const srcs = (draft: DraftEditorState) =>
  draft.variants.map((variant) => (variant.type === 'image' ? variant.info.src : undefined));
const ids = (draft: DraftEditorState) => draft.variants.map((variant) => variant.id);

describe('existingNewVariants', () => {
  const element = imageElement(1);

  it('is 0 for a fresh editor holding only the empty target', () => {
    expect(existingNewVariants(open(element, [draftImage(-2)]), element, -2)).toBe(0);
  });

  it('counts the other editor variants that already show an image', () => {
    const draft = open(element, [draftImage(-2), draftImage(-3, 'a.png'), draftImage(-4, 'b.png')]);
    expect(existingNewVariants(draft, element, -2)).toBe(2);
  });

  it('does not count the target, whose image an upload replaces', () => {
    const draft = open(element, [draftImage(-2, 'a.png'), draftImage(-3, 'b.png')]);
    expect(existingNewVariants(draft, element, -2)).toBe(1);
    expect(existingNewVariants(draft, element, -3)).toBe(1);
  });

  it('does not count empty or blank editor variants (the upload fills them)', () => {
    const draft = open(element, [draftImage(-2), draftImage(-3), draftImage(-4, '   ')]);
    expect(existingNewVariants(draft, element, -2)).toBe(0);
  });

  it('counts drafts saved outside the editor', () => {
    const saved = imageElement(1, [draftImage(-10, 'x.png'), draftImage(-11, 'y.png')]);
    expect(existingNewVariants(open(saved, [draftImage(-2)]), saved, -2)).toBe(2);
  });

  it('counts a saved draft that is open in the editor once, through the editor', () => {
    const saved = imageElement(1, [draftImage(-10, 'x.png'), draftImage(-11, 'y.png')]);
    const draft = open(saved, [draftImage(-10, 'x.png'), draftImage(-2)]);
    // -11 is saved outside the editor, -10 is in the editor with an image.
    expect(existingNewVariants(draft, saved, -2)).toBe(2);
    // Uploading into -10 replaces its image: only -11 remains.
    expect(existingNewVariants(draft, saved, -10)).toBe(1);
  });

  it('does not count saved server variants or suggestions', () => {
    const withOthers = imageElement(1, [
      imageVariant(41, 'server.png'),
      imageVariant(-12, 'ai.png', 'suggested'),
    ]);
    expect(existingNewVariants(open(withOthers, [draftImage(-2)]), withOthers, -2)).toBe(0);
  });

  it('adds saved drafts and kept editor images', () => {
    const saved = imageElement(1, [draftImage(-10, 'x.png'), imageVariant(41, 'server.png')]);
    const draft = open(saved, [draftImage(-2), draftImage(-3, 'b.png'), draftImage(-4)]);
    expect(existingNewVariants(draft, saved, -2)).toBe(2);
  });
});

describe('placeImages', () => {
  const element = imageElement(1);

  it('puts a single image on the empty target and hands out no ids', () => {
    const draft = open(element, [draftImage(-2)]);
    const placed = placeImages({
      draft,
      element,
      targetId: -2,
      images: [img('a')],
      lastTemporaryId: -2,
    });
    expect(placed.newIds).toEqual([]);
    expect(placed.draft.variants).toEqual([
      {
        ...draftImage(-2),
        info: { src: `${CDN}/a.png`, thumb: `${CDN}/a-thumb.png`, status: undefined },
      },
    ]);
  });

  it('replaces the image the target already shows', () => {
    const draft = open(element, [draftImage(-2, 'old.png')]);
    const placed = placeImages({
      draft,
      element,
      targetId: -2,
      images: [img('a')],
      lastTemporaryId: -2,
    });
    expect(srcs(placed.draft)).toEqual([`${CDN}/a.png`]);
  });

  it('clears an old thumbnail when the new image has none', () => {
    const target: ImageVariant = {
      ...draftImage(-2),
      info: { src: 'old.png', thumb: 'old-t.png' },
    };
    const placed = placeImages({
      draft: open(element, [target]),
      element,
      targetId: -2,
      images: [img('a', false)],
      lastTemporaryId: -2,
    });
    const [variant] = placed.draft.variants as ImageVariant[];
    expect(variant?.info.src).toBe(`${CDN}/a.png`);
    expect(variant?.info.thumb).toBeUndefined();
  });

  it('clears a generation status on the variants it fills', () => {
    const target: ImageVariant = {
      ...draftImage(-2),
      info: { src: '', status: { type: 'error' } },
    };
    const placed = placeImages({
      draft: open(element, [target]),
      element,
      targetId: -2,
      images: [img('a')],
      lastTemporaryId: -2,
    });
    expect((placed.draft.variants[0] as ImageVariant).info.status).toBeUndefined();
  });

  it('fills the target first, then the other empty variants in editor order', () => {
    const draft = open(element, [
      draftImage(-2),
      draftImage(-3, 'kept.png'),
      draftImage(-4),
      draftImage(-5, '  '),
    ]);
    const placed = placeImages({
      draft,
      element,
      targetId: -4,
      images: [img('a'), img('b'), img('c')],
      lastTemporaryId: -5,
    });
    expect(placed.newIds).toEqual([]);
    expect(ids(placed.draft)).toEqual([-2, -3, -4, -5]);
    expect(srcs(placed.draft)).toEqual([
      `${CDN}/b.png`,
      'kept.png',
      `${CDN}/a.png`,
      `${CDN}/c.png`,
    ]);
  });

  it('leaves empty variants empty when there are fewer images', () => {
    const draft = open(element, [draftImage(-2), draftImage(-3), draftImage(-4)]);
    const placed = placeImages({
      draft,
      element,
      targetId: -3,
      images: [img('a')],
      lastTemporaryId: -4,
    });
    expect(srcs(placed.draft)).toEqual(['', `${CDN}/a.png`, '']);
  });

  it('never overwrites another variant that already shows an image', () => {
    const draft = open(element, [draftImage(-2), draftImage(-3, 'kept.png')]);
    const placed = placeImages({
      draft,
      element,
      targetId: -2,
      images: [img('a'), img('b')],
      lastTemporaryId: -3,
    });
    expect(srcs(placed.draft)).toEqual([`${CDN}/a.png`, 'kept.png', `${CDN}/b.png`]);
  });

  it('makes a new draft variant for each further image, with the next temporary ids', () => {
    const draft = open(element, [draftImage(-2)]);
    const placed = placeImages({
      draft,
      element,
      targetId: -2,
      images: [img('a'), img('b'), img('c')],
      lastTemporaryId: -7,
    });
    expect(placed.newIds).toEqual([-8, -9]);
    expect(ids(placed.draft)).toEqual([-2, -8, -9]);
    expect(placed.draft.variants.slice(1)).toEqual([
      {
        id: -8,
        key: 'v8',
        type: 'image',
        isEnabled: true,
        marker: 'draft',
        info: { src: `${CDN}/b.png`, thumb: `${CDN}/b-thumb.png`, status: undefined },
      },
      {
        id: -9,
        key: 'v9',
        type: 'image',
        isEnabled: true,
        marker: 'draft',
        info: { src: `${CDN}/c.png`, thumb: `${CDN}/c-thumb.png`, status: undefined },
      },
    ]);
  });

  it('changes nothing without images', () => {
    const draft = open(element, [draftImage(-2)]);
    const placed = placeImages({ draft, element, targetId: -2, images: [], lastTemporaryId: -2 });
    expect(placed).toEqual({ draft, newIds: [] });
  });

  it('fills empty variants and adds new ones when the target is not in the editor', () => {
    const draft = open(element, [draftImage(-2, 'kept.png'), draftImage(-3)]);
    const placed = placeImages({
      draft,
      element,
      targetId: -99,
      images: [img('a'), img('b')],
      lastTemporaryId: -3,
    });
    expect(placed.newIds).toEqual([-4]);
    expect(srcs(placed.draft)).toEqual(['kept.png', `${CDN}/a.png`, `${CDN}/b.png`]);
  });

  it('does not change the draft it was given', () => {
    const draft = open(element, [draftImage(-2), draftImage(-3)]);
    const copy = structuredClone(draft);
    placeImages({
      draft,
      element,
      targetId: -2,
      images: [img('a'), img('b'), img('c')],
      lastTemporaryId: -3,
    });
    expect(draft).toEqual(copy);
  });

  it('keeps the snapshot, so the editor counts the upload as a change', () => {
    const draft = open(element, [draftImage(-2)]);
    const placed = placeImages({
      draft,
      element,
      targetId: -2,
      images: [img('a')],
      lastTemporaryId: -2,
    });
    expect(placed.draft.initial).toBe(draft.initial);
    expect(placed.draft.submitCount).toBe(0);
    expect(placed.draft.errors).toEqual({});
  });

  it('re-checks the errors after a submit: the filled variants lose "image missing"', () => {
    const draft = open(element, [draftImage(-2), draftImage(-3)]);
    const submitted = submitDraft(draft, element).draft;
    expect(submitted.errors).toEqual({
      [-2]: DRAFT_MESSAGES.imageMissing,
      [-3]: DRAFT_MESSAGES.imageMissing,
    });
    const placed = placeImages({
      draft: submitted,
      element,
      targetId: -3,
      images: [img('a')],
      lastTemporaryId: -3,
    });
    expect(placed.draft.errors).toEqual({ [-2]: DRAFT_MESSAGES.imageMissing });
  });

  it('stops adding variants at the limit of 5 new drafts, counting drafts saved outside', () => {
    const saved = imageElement(1, [
      draftImage(-10, 'x.png'),
      draftImage(-11, 'y.png'),
      draftImage(-12, 'z.png'),
    ]);
    const draft = open(saved, [draftImage(-2)]);
    const placed = placeImages({
      draft,
      element: saved,
      targetId: -2,
      images: [img('a'), img('b'), img('c')],
      lastTemporaryId: -12,
    });
    // 3 saved + the target + one new variant = 5; the last image finds no room.
    expect(srcs(placed.draft)).toEqual([`${CDN}/a.png`, `${CDN}/b.png`]);
    // Every further image still has an id: the reducer moves its counter per dispatch.
    expect(placed.newIds).toEqual([-13, -14]);
  });

  it('fills only the one variant of an EditSuggestion draft (single-variant mode)', () => {
    const draft = open(element, [draftImage(-2)], 'EditSuggestion');
    const placed = placeImages({
      draft,
      element,
      targetId: -2,
      images: [img('a'), img('b')],
      lastTemporaryId: -2,
    });
    expect(srcs(placed.draft)).toEqual([`${CDN}/a.png`]);
  });

  it('ignores text variants in the editor', () => {
    const draft = open(element, [textVariant(-2, {}, 'draft'), draftImage(-3)]);
    const placed = placeImages({
      draft,
      element,
      targetId: -2,
      images: [img('a')],
      lastTemporaryId: -3,
    });
    expect(placed.draft.variants[0]).toEqual(draft.variants[0]);
    expect(srcs(placed.draft)).toEqual([undefined, `${CDN}/a.png`]);
  });
});

describe('placeImages with the wizard reducer', () => {
  /** What useImageUpload does: one draftAddVariant per new id, then draftSet. */
  function upload(state: WizardState, targetId: number, images: PlacedImage[]): WizardState {
    const element = state.elements.find((candidate) => candidate.id === state.draft?.elementId);
    if (!state.draft || !element) throw new Error('no draft open');
    const placed = placeImages({
      draft: state.draft,
      element,
      targetId,
      images,
      lastTemporaryId: state.lastTemporaryId,
    });
    let next = state;
    for (const _id of placed.newIds) next = wizardReducer(next, { type: 'draftAddVariant' });
    expect(next.draft?.variants.map((variant) => variant.id)).toEqual(ids(placed.draft));
    next = wizardReducer(next, { type: 'draftSet', draft: placed.draft });
    expect(next.lastTemporaryId).toBe(placed.newIds.at(-1) ?? state.lastTemporaryId);
    return next;
  }

  function started(): WizardState {
    const base = createWizardState({ url: 'https://shop.example.com', isEnabled: true });
    let state: WizardState = { ...base, step: 'EditElements', previewLoaded: true };
    state = wizardReducer(state, {
      type: 'pick',
      picked: {
        selector: '#hero',
        type: 'image',
        text: '',
        html: '<img>',
        src: 'https://shop.example.com/hero.png',
        domStats: emptyDomStats(),
      },
    });
    return state;
  }

  it('ends with the same ids in the draft and the same counter as the reducer', () => {
    let state = started();
    const targetId = state.draft?.variants[0]?.id ?? 0;
    state = upload(state, targetId, [img('a'), img('b'), img('c')]);
    expect(state.draft?.variants.map((variant) => variant.id)).toEqual([-2, -3, -4]);
    expect(state.lastTemporaryId).toBe(-4);

    // A second upload into the new last variant, then a new variant opened by hand, gets
    // fresh ids: nothing the upload handed out is reused.
    state = upload(state, -4, [img('d'), img('e')]);
    expect(state.draft?.variants.map((variant) => variant.id)).toEqual([-2, -3, -4, -5]);
    state = wizardReducer(state, { type: 'draftAddVariant' });
    expect(state.draft?.variants.map((variant) => variant.id)).toEqual([-2, -3, -4, -5, -6]);
    const images = (state.draft?.variants ?? []).map((variant) =>
      variant.type === 'image' ? variant.info.src : '',
    );
    expect(images).toEqual([`${CDN}/a.png`, `${CDN}/b.png`, `${CDN}/d.png`, `${CDN}/e.png`, '']);
  });
});

describe('existingNewVariants and placeImages together', () => {
  type Slot = 'empty' | 'image';
  const scenario = fc
    .record({
      saved: fc.integer({ min: 0, max: MAX_DRAFT_VARIANTS - 1 }),
      slots: fc.array(fc.constantFrom<Slot>('empty', 'image'), {
        minLength: 1,
        maxLength: MAX_DRAFT_VARIANTS,
      }),
      target: fc.nat(),
      files: fc.integer({ min: 1, max: MAX_DRAFT_VARIANTS + 1 }),
    })
    .filter(({ saved, slots }) => saved + slots.length <= MAX_DRAFT_VARIANTS);

  it('places every image of an upload that passes the count rule, and only then', () => {
    fc.assert(
      fc.property(scenario, ({ saved, slots, target, files }) => {
        const savedDrafts = Array.from({ length: saved }, (_, i) =>
          draftImage(-100 - i, `saved-${i}.png`),
        );
        const element = imageElement(1, savedDrafts);
        const editor = slots.map((slot, i) =>
          draftImage(-2 - i, slot === 'image' ? `kept-${i}.png` : ''),
        );
        const draft = open(element, editor);
        const targetId = editor[target % editor.length]!.id;
        const lastTemporaryId = -2 - editor.length + 1;
        const images = Array.from({ length: files }, (_, i) => img(`upload-${i}`));

        const existing = existingNewVariants(draft, element, targetId);
        const check = validateUploads({
          files: images.map((_, i) => ({ name: `upload-${i}.png`, size: 1000, type: 'image/png' })),
          existingNewVariants: existing,
        });
        const placed = placeImages({ draft, element, targetId, images, lastTemporaryId });
        const after = srcs(placed.draft);
        if (check.accepted.length === 0) {
          // Refused only when there is no room: placing them anyway loses an image.
          expect(images.some((image) => !after.includes(image.src))).toBe(true);
          return;
        }
        for (const image of images)
          expect(after.filter((src) => src === image.src)).toHaveLength(1);
        // The other variants' images are kept.
        editor.forEach((variant, i) => {
          if (variant.id !== targetId && slots[i] === 'image')
            expect(after).toContain(`kept-${i}.png`);
        });
        expect(saved + placed.draft.variants.length).toBeLessThanOrEqual(MAX_DRAFT_VARIANTS);
        expect(existing + files).toBeLessThanOrEqual(MAX_DRAFT_VARIANTS);
      }),
      { numRuns: 500 },
    );
  });
});
