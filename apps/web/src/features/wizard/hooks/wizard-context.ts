import type { CampaignElement, Variant } from '@kindling/domain';
import { createContext, useContext, type Dispatch } from 'react';
import type { WizardAction, WizardState } from '../state/wizard-types';

/** What the element side menu can do with variants; update mode talks to the server. */
export interface VariantActions {
  approve(elementId: number, variantId: number): Promise<void>;
  /** Validates the open draft; saves it (locally or via add-variants) when it has no errors. */
  saveDraft(): Promise<void>;
  /** Asks "Are you sure you want to cancel?" when the draft has unsaved changes. */
  cancelDraft(): Promise<void>;
  setEnabled(elementId: number, variantId: number, isEnabled: boolean): Promise<void>;
  /** Asks "Delete variant" first. */
  remove(elementId: number, variantId: number): Promise<void>;
  duplicate(elementId: number, variantId: number): void;
  edit(elementId: number, variantId: number): void;
  /** Asks "Delete element" first. */
  deleteElement(elementId: number): Promise<void>;
}

export interface PreviewControls {
  /** Shows `variant` of the element in the page, or the original when undefined. */
  showVariant(element: CampaignElement, variant: Variant | undefined): void;
  focus(selector: string): void;
}

export interface WizardContextValue {
  team: string;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  /** The variant_advanced_mode feature flag. */
  advancedAllowed: boolean;
  preview: PreviewControls;
  variants: VariantActions;
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard is used outside the campaign wizard');
  return value;
}
