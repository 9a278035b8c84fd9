import type { AutoGenerationStatus } from './campaign';
import type { CampaignElement } from './element-schema';

// What happens to a campaign when it is loaded (spec sections 3 and 4).

function reindexVariants<V extends { index?: number | undefined }>(variants: readonly V[]): V[] {
  return variants.map((variant, i) => ({ ...variant, index: i + 1 }));
}

/**
 * The control is variant 0, so the element's own variants are numbered 1..n in
 * their current order.
 */
export function reindexElement(element: CampaignElement, index: number): CampaignElement {
  switch (element.type) {
    case 'text':
      return {
        ...element,
        index,
        control: { ...element.control, index: 0 },
        variants: reindexVariants(element.variants),
      };
    case 'image':
      return {
        ...element,
        index,
        control: { ...element.control, index: 0 },
        variants: reindexVariants(element.variants),
      };
  }
}

/**
 * Spec section 3, "When a campaign is loaded": elements get index 0..n-1 in list
 * order, each control index 0 and each element's variants 1..n. Returns a copy.
 */
export function reindexCampaign<T extends { elements: readonly CampaignElement[] }>(
  campaign: T,
): T {
  return { ...campaign, elements: campaign.elements.map(reindexElement) };
}

/**
 * Temporary ids for unsaved items: -1, -2, ... When existing ids are given the
 * sequence starts below the lowest of them, so reloaded drafts never collide.
 */
export function createTemporaryIdGenerator(existingIds: Iterable<number> = []): () => number {
  let last = Math.min(0, ...existingIds);
  return () => {
    last -= 1;
    return last;
  };
}

export function isTemporaryId(id: number): boolean {
  return id < 0;
}

/**
 * Spec section 4: the value of the variant with the highest conversionsPerSession
 * above 0, or undefined for a new element or when no variant qualifies. Image
 * elements have no text value, so their best variant's src is returned.
 */
export function topPerformingVariant(element: CampaignElement): string | undefined {
  if (element.__new__ === true) return undefined;
  const score = (variant: CampaignElement['variants'][number]): number =>
    variant.metrics?.conversionsPerSession.value ?? 0;
  const ranked = [...element.variants]
    .filter((variant) => score(variant) > 0)
    .sort((a, b) => score(b) - score(a));
  const [best] = ranked;
  if (best === undefined) return undefined;
  return best.type === 'text' ? best.info.value : best.info.src;
}

/**
 * Spec section 4, update mode: the elements that need AI suggestions, i.e. when
 * generation is required, the reason type is "winners" and the element's entry
 * (looked up by id, then by key) has type "decisive".
 */
export function autoGenerationTargets(
  status: AutoGenerationStatus | null | undefined,
  elements: readonly CampaignElement[],
): CampaignElement[] {
  const reason = status?.reason;
  if (status?.autoGenerationRequired !== true || reason?.type !== 'winners') return [];
  return elements.filter((element) => {
    const entry = reason.elements[String(element.id)] ?? reason.elements[element.key];
    return entry?.type === 'decisive';
  });
}
