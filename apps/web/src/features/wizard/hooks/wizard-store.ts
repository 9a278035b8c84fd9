import { createContext, useContext, type Dispatch, type RefObject } from 'react';
import type { WizardAction, WizardState } from '../state/wizard-types';

/** The wizard's state and dispatch; sub-features narrow it to their part (use…Store). */
export interface WizardStore {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  /** The state of the last render, for code that runs after an await (a dialog, a request). */
  latest: RefObject<WizardState>;
}

export const WizardStoreContext = createContext<WizardStore | null>(null);

export function useWizardStore(): WizardStore {
  const store = useContext(WizardStoreContext);
  if (!store) throw new Error('useWizardStore is used outside the campaign wizard');
  return store;
}
