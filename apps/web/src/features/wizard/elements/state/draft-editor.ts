import {
  canAddDraftVariant,
  elementVariantProblems,
  EMPTY_VARIANT_MESSAGES,
  emptyVariantProblem,
  isPageElement,
  normalizeVariantMode,
  toAdvanced,
  type CampaignElement,
  type Variant,
} from '@kindling/domain';

// The draft editor of spec section 4: one element, its new draft variants, the submit count
// and the errors shown after the first submit.

export type DraftType = 'Default' | 'EditSuggestion';

export interface DraftEditorState {
  elementId: number;
  type: DraftType;
  /** The suggestion (EditSuggestion) or saved variant the draft started from. */
  sourceVariantId?: number;
  variants: Variant[];
  submitCount: number;
  errors: Record<number, string>;
  /** Snapshot to tell whether anything changed since the editor opened. */
  initial: string;
}

export const DRAFT_MESSAGES = {
  empty: EMPTY_VARIANT_MESSAGES.text,
  imageMissing: EMPTY_VARIANT_MESSAGES.image,
  limit: 'You can have up to 5 new variants for this element.',
} as const;

const snapshot = (variants: readonly Variant[]): string => JSON.stringify(variants);

export function emptyVariant(element: CampaignElement, id: number): Variant {
  if (element.type === 'image') {
    return {
      id,
      key: `v${-id}`,
      type: 'image',
      isEnabled: true,
      marker: 'draft',
      info: { src: '' },
    };
  }
  return {
    id,
    key: `v${-id}`,
    type: 'text',
    isEnabled: true,
    marker: 'draft',
    // Empty: a normal variant with styles only keeps the original text (spec section 5).
    info: {
      value: '',
      textType: 'normal',
      styles: [],
      creationMethod: 'custom',
      // A split-URL test's variant is an address, to be written.
      ...(isPageElement(element) ? { redirect: '' } : {}),
    },
  };
}

/** A draft copy of `variant` under a new id (edit of a saved variant, duplicate, suggestion). */
export function draftCopy(variant: Variant, id: number): Variant {
  const { metrics: _metrics, benchmark: _benchmark, index: _index, ...rest } = variant;
  return { ...rest, id, key: `v${-id}`, marker: 'draft', isEnabled: true };
}

export function openDraftEditor(options: {
  element: CampaignElement;
  type: DraftType;
  variants: Variant[];
  sourceVariantId?: number;
}): DraftEditorState {
  return {
    elementId: options.element.id,
    type: options.type,
    sourceVariantId: options.sourceVariantId,
    variants: options.variants,
    submitCount: 0,
    errors: {},
    initial: snapshot(options.variants),
  };
}

export const isDirty = (draft: DraftEditorState): boolean =>
  snapshot(draft.variants) !== draft.initial;

/** Draft variants of the element that are not in the editor (saved locally in create mode). */
function otherDrafts(draft: DraftEditorState, element: CampaignElement): Variant[] {
  const editing = new Set(draft.variants.map((variant) => variant.id));
  return element.variants.filter(
    (variant) => variant.marker === 'draft' && !editing.has(variant.id),
  );
}

/** Single-variant mode: an EditSuggestion draft holds exactly the one variant. */
export function canAddVariant(draft: DraftEditorState, element: CampaignElement): boolean {
  if (draft.type === 'EditSuggestion') return false;
  return canAddDraftVariant([...otherDrafts(draft, element), ...draft.variants]);
}

export function addVariant(
  draft: DraftEditorState,
  element: CampaignElement,
  id: number,
): DraftEditorState {
  if (!canAddVariant(draft, element)) return draft;
  return recheck({ ...draft, variants: [...draft.variants, emptyVariant(element, id)] }, element);
}

export function updateVariant(
  draft: DraftEditorState,
  element: CampaignElement,
  variant: Variant,
): DraftEditorState {
  const variants = draft.variants.map((candidate) =>
    candidate.id === variant.id ? variant : candidate,
  );
  return recheck({ ...draft, variants }, element);
}

export function removeVariant(
  draft: DraftEditorState,
  element: CampaignElement,
  id: number,
): DraftEditorState {
  return recheck({ ...draft, variants: draft.variants.filter((v) => v.id !== id) }, element);
}

/** Switching to advanced copies value into html when html is unset; back keeps both. */
export function setTextType(variant: Variant, advanced: boolean): Variant {
  if (variant.type !== 'text') return variant;
  const info = advanced
    ? toAdvanced(variant.info)
    : { ...variant.info, textType: 'normal' as const };
  return { ...variant, info };
}

// An advanced variant without html reverts to normal on save, so it is judged as normal here.
const isEmpty = (variant: Variant): boolean => emptyVariantProblem(variant) !== undefined;

/** On unfocus: invalid empty variants are removed (one is kept so the editor is never empty). */
export function removeInvalidEmpty(
  draft: DraftEditorState,
  element: CampaignElement,
): DraftEditorState {
  const kept = draft.variants.filter((variant) => !isEmpty(variant));
  const variants = kept.length > 0 ? kept : draft.variants.slice(0, 1);
  if (variants.length === draft.variants.length) return draft;
  return recheck({ ...draft, variants }, element);
}

/** The error of each draft variant, by id: empty first, then duplicate (spec section 5). */
export function draftErrors(
  draft: DraftEditorState,
  element: CampaignElement,
): Record<number, string> {
  const errors: Record<number, string> = {};
  const editing = new Set(draft.variants.map((variant) => variant.id));
  const others = element.variants.filter(
    (variant) => !editing.has(variant.id) && variant.marker !== 'suggested',
  );
  // The same rule the server applies on every write (the original counts as a variant).
  const saved = element.variants.filter((variant) => variant.marker !== 'suggested');
  for (const problem of elementVariantProblems({
    element,
    // A split-URL test's page keeps its address as its original (variant-life-cycle.ts).
    pageUrl: element.type === 'text' ? element.control.info.value : undefined,
    kept: others,
    incoming: draft.variants,
    // As the panel numbers them: the list's "Variant N", the editor's own "Variant N".
    nameOf: ({ kind, index }) =>
      kind === 'kept'
        ? `saved variant ${saved.indexOf(others[index]!) + 1}`
        : `variant ${index + 1} in this editor`,
  })) {
    const variant = draft.variants[problem.index];
    if (variant) errors[variant.id] ??= problem.message;
  }
  return errors;
}

/** After the first submit every edit re-checks the errors. */
function recheck(draft: DraftEditorState, element: CampaignElement): DraftEditorState {
  return draft.submitCount > 0 ? { ...draft, errors: draftErrors(draft, element) } : draft;
}

export interface SubmitResult {
  draft: DraftEditorState;
  /** The first variant in error, to focus; undefined when the draft can be saved. */
  firstErrorId: number | undefined;
  /** The variants to save, normalised (advanced without html reverts to normal). */
  variants: Variant[];
}

export function submitDraft(draft: DraftEditorState, element: CampaignElement): SubmitResult {
  const variants = draft.variants.map((variant) =>
    variant.type === 'text' ? { ...variant, info: normalizeVariantMode(variant.info) } : variant,
  );
  const next = { ...draft, variants, submitCount: draft.submitCount + 1 };
  const errors = draftErrors(next, element);
  const firstErrorId = variants.find((variant) => errors[variant.id] !== undefined)?.id;
  return { draft: { ...next, errors }, firstErrorId, variants };
}
