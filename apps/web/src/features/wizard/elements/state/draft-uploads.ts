import type { CampaignElement, ImageVariant, Variant } from '@kindling/domain';
import { addVariant, updateVariant, type DraftEditorState } from './draft-editor';

// Placing uploaded images into the draft editor (spec section 5, "Image upload"): the variant
// the upload started from gets the first image, other empty image variants the next ones,
// and each further image a new draft variant.

export interface PlacedImage {
  src: string;
  thumb?: string;
}

const hasImage = (variant: Variant) => variant.type === 'image' && variant.info.src.trim() !== '';

/**
 * The element's new variants that an upload into `targetId` keeps: drafts saved outside the
 * editor and the editor's variants that already show an image (empty ones get filled).
 */
export function existingNewVariants(
  draft: DraftEditorState,
  element: CampaignElement,
  targetId: number,
): number {
  const editing = new Set(draft.variants.map((variant) => variant.id));
  const saved = (element.variants as Variant[]).filter(
    (variant) => variant.marker === 'draft' && !editing.has(variant.id),
  ).length;
  const kept = draft.variants.filter((variant) => variant.id !== targetId && hasImage(variant));
  return saved + kept.length;
}

const withImage = (variant: ImageVariant, image: PlacedImage): ImageVariant => ({
  ...variant,
  info: { ...variant.info, src: image.src, thumb: image.thumb, status: undefined },
});

/**
 * The draft with the images placed, and the temporary ids handed to new variants: the caller
 * dispatches one draftAddVariant per id (so the reducer's id counter moves on the same way)
 * and then sets this draft.
 */
export function placeImages(options: {
  draft: DraftEditorState;
  element: CampaignElement;
  targetId: number;
  images: readonly PlacedImage[];
  lastTemporaryId: number;
}): { draft: DraftEditorState; newIds: number[] } {
  const { element, targetId, lastTemporaryId } = options;
  const queue = [...options.images];
  let draft = options.draft;
  const empty = draft.variants.filter(
    (variant): variant is ImageVariant => variant.type === 'image' && !hasImage(variant),
  );
  const targets = [
    ...draft.variants.filter((v): v is ImageVariant => v.type === 'image' && v.id === targetId),
    ...empty.filter((variant) => variant.id !== targetId),
  ];
  for (const variant of targets) {
    const image = queue.shift();
    if (!image) break;
    draft = updateVariant(draft, element, withImage(variant, image));
  }
  const newIds = queue.map((_, i) => lastTemporaryId - 1 - i);
  queue.forEach((image, i) => {
    const id = lastTemporaryId - 1 - i;
    const next = addVariant(draft, element, id);
    const added = next.variants.find((variant) => variant.id === id);
    draft = added?.type === 'image' ? updateVariant(next, element, withImage(added, image)) : next;
  });
  return { draft, newIds };
}
