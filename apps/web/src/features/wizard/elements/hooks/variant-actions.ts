import { createContext, useContext } from 'react';

/** What the element side menu can do with variants; the edit mode decides where it lands. */
export interface VariantActions {
  approve: (elementId: number, variantId: number) => Promise<void>;
  /** Validates the open draft; saves it (locally or via add-variants) when it has no errors. */
  saveDraft: () => Promise<void>;
  /** Asks "Are you sure you want to cancel?" when the draft has unsaved changes. */
  cancelDraft: () => Promise<void>;
  setEnabled: (elementId: number, variantId: number, isEnabled: boolean) => Promise<void>;
  /** Asks "Delete variant" first. */
  remove: (elementId: number, variantId: number) => Promise<void>;
  duplicate: (elementId: number, variantId: number) => void;
  edit: (elementId: number, variantId: number) => void;
  /** Asks "Delete element" first. */
  deleteElement: (elementId: number) => Promise<void>;
}

export const VariantActionsContext = createContext<VariantActions | null>(null);

export function useVariantActions(): VariantActions {
  const actions = useContext(VariantActionsContext);
  if (!actions) throw new Error('useVariantActions is used outside the EditElements step');
  return actions;
}
