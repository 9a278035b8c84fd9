import type { ImageElement, ImageStatus, ImageVariant } from '@kindling/domain';

// AI image suggestions (spec section 4, "Image generation"): placeholders appear as suggested
// variants at once, follow the job's phases, and become images when it ends - or go away.

export interface GeneratedPlaceholderImage {
  variantId: number;
  src: string;
  thumb: string;
}

/** Suggested image variants under the given temporary ids, waiting for the job to start. */
export const imagePlaceholders = (ids: readonly number[]): ImageVariant[] =>
  ids.map((id) => ({
    id,
    key: `v${-id}`,
    type: 'image',
    isEnabled: true,
    marker: 'suggested',
    info: { src: '', status: { type: 'start' } },
  }));

const mapVariants = (
  element: ImageElement,
  change: (variant: ImageVariant) => ImageVariant | undefined,
): ImageElement => ({
  ...element,
  variants: element.variants.flatMap((variant) => {
    const next = change(variant);
    return next ? [next] : [];
  }),
});

export const withPlaceholders = (element: ImageElement, placeholders: ImageVariant[]) => ({
  ...element,
  variants: [...element.variants, ...placeholders],
});

/** A progress message for one placeholder (or, without an id, for every waiting one). */
export function withImageStatus(
  element: ImageElement,
  variantIds: readonly number[],
  status: ImageStatus,
): ImageElement {
  const targets = new Set(variantIds);
  return mapVariants(element, (variant) =>
    targets.has(variant.id) && variant.info.status
      ? { ...variant, info: { ...variant.info, status } }
      : variant,
  );
}

/** The job's images in their placeholders; placeholders the job made nothing for go away. */
export function withGeneratedImages(
  element: ImageElement,
  placeholderIds: readonly number[],
  images: readonly GeneratedPlaceholderImage[],
): ImageElement {
  const made = new Map(images.map((image) => [image.variantId, image]));
  const waiting = new Set(placeholderIds);
  return mapVariants(element, (variant) => {
    if (!waiting.has(variant.id)) return variant;
    const image = made.get(variant.id);
    return image
      ? {
          ...variant,
          info: { src: image.src, thumb: image.thumb },
        }
      : undefined;
  });
}

/** On error the placeholders are removed (spec section 4). */
export const withoutPlaceholders = (element: ImageElement, placeholderIds: readonly number[]) =>
  withGeneratedImages(element, placeholderIds, []);
