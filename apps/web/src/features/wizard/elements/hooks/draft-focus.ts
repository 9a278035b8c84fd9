// Each draft variant's first control carries a stable DOM id, so saving can focus the first
// variant in error (spec section 4, "Draft editor").

export const draftVariantDomId = (variantId: number): string => `draft-variant-${variantId}`;

export function focusDraftVariant(variantId: number): void {
  const control = document.getElementById(draftVariantDomId(variantId));
  control?.focus();
  // Centred, so neither the side menu's header nor the editor's sticky footer covers it.
  control?.scrollIntoView({ block: 'center' });
}
