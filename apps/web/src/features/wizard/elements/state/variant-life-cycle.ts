import {
  canAddDraftVariant,
  PAGE_SELECTOR,
  type CampaignElement,
  type DomStats,
  type ElementFingerprint,
  type Variant,
} from '@kindling/domain';
import { draftCopy } from './draft-editor';

// Element and variant changes of spec section 4 ("Variant life cycle") that need no server
// answer; update mode feeds the server's saved variants in through withServerVariants.

export interface PickedElement {
  selector: string;
  fingerprint?: ElementFingerprint;
  type: 'text' | 'image' | 'layout';
  text: string;
  html: string;
  src?: string;
  domStats: DomStats;
}

export function elementFromPick(picked: PickedElement, id: number): CampaignElement | undefined {
  const base = {
    id,
    selector: picked.selector,
    ...(picked.fingerprint ? { fingerprint: picked.fingerprint } : {}),
    key: `e${-id}`,
    __new__: true,
    meta: null,
  };
  if (picked.type === 'image') {
    return { ...base, type: 'image', control: { info: { src: picked.src ?? '' } }, variants: [] };
  }
  if (picked.type !== 'text') return undefined;
  return {
    ...base,
    type: 'text',
    control: {
      info: { value: picked.text, textType: 'normal', styles: [], creationMethod: 'custom' },
    },
    variants: [],
    textType: 'normal',
    domStats: picked.domStats,
  };
}

/** The whole page at `url`, the one element of a split-URL test (domain split-url.ts). */
export function pageElement(url: string, id: number): CampaignElement {
  return {
    id,
    selector: PAGE_SELECTOR,
    key: `e${-id}`,
    __new__: true,
    meta: null,
    type: 'text',
    control: { info: { value: url, textType: 'normal', styles: [], creationMethod: 'custom' } },
    variants: [],
    textType: 'normal',
  };
}

function withVariants(element: CampaignElement, variants: Variant[]): CampaignElement {
  return { ...element, variants } as CampaignElement;
}

const mapVariants = (element: CampaignElement, map: (variant: Variant) => Variant | undefined) =>
  withVariants(
    element,
    element.variants.flatMap((variant) => {
      const next = map(variant);
      return next ? [next] : [];
    }),
  );

/** Create mode, approve: the suggestion becomes a draft of the campaign being built. */
export function approveSuggestionLocally(element: CampaignElement, id: number): CampaignElement {
  if (!canAddDraftVariant(element.variants)) return element;
  return mapVariants(element, (variant) =>
    variant.id === id ? { ...variant, marker: 'draft' } : variant,
  );
}

/**
 * Create mode, save draft: the editor's variants replace the ones they were opened from (and
 * the edited suggestion), in place when they were already there, appended otherwise.
 */
export function saveDraftLocally(
  element: CampaignElement,
  saved: readonly Variant[],
  replacedId?: number,
): CampaignElement {
  const byId = new Map(saved.map((variant) => [variant.id, variant]));
  const kept = element.variants.flatMap((variant) => {
    const replacement = byId.get(variant.id);
    if (replacement) {
      byId.delete(variant.id);
      return [replacement];
    }
    return variant.id === replacedId ? [] : [variant];
  });
  return withVariants(element, [...kept, ...byId.values()]);
}

/** Create mode, duplicate: the copy is added as a suggestion to approve. */
export function duplicateLocally(element: CampaignElement, id: number, newId: number) {
  const source = element.variants.find((variant) => variant.id === id);
  if (!source) return element;
  return withVariants(element, [
    ...element.variants,
    { ...draftCopy(source, newId), marker: 'suggested' },
  ]);
}

export function setVariantEnabled(element: CampaignElement, id: number, isEnabled: boolean) {
  return mapVariants(element, (variant) =>
    variant.id === id ? { ...variant, isEnabled } : variant,
  );
}

export function removeVariant(element: CampaignElement, id: number): CampaignElement {
  return mapVariants(element, (variant) => (variant.id === id ? undefined : variant));
}

/**
 * Update mode: the server's list of saved variants replaces the saved ones; suggestions
 * stay, except the one just approved or edited.
 */
export function withServerVariants(
  element: CampaignElement,
  serverVariants: readonly Variant[],
  removedSuggestionId?: number,
): CampaignElement {
  const unsaved = element.variants.filter(
    (variant) => variant.marker === 'suggested' && variant.id !== removedSuggestionId,
  );
  return withVariants(element, [
    ...serverVariants.map((v) => ({ ...v, marker: undefined })),
    ...unsaved,
  ]);
}

/** Variants sent with the campaign: drafts lose their marker, suggestions stay behind. */
export function variantsToSave(element: CampaignElement): CampaignElement {
  const variants = element.variants
    .filter((variant) => variant.marker !== 'suggested')
    .map(({ marker: _marker, ...variant }) => variant as Variant);
  const { __new__: _new, ...rest } = element;
  return withVariants(rest, variants);
}

export type VariantGroup = 'suggested' | 'saved';

export const variantGroup = (variant: Variant): VariantGroup =>
  variant.marker === 'suggested' ? 'suggested' : 'saved';
