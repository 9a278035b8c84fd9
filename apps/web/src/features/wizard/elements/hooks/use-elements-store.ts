import type { Dispatch, RefObject } from 'react';
import { useWizardStore } from '../../hooks/wizard-store';
import type { ElementsAction, ElementsHost } from '../state/elements-state';

/** What the EditElements step reads and changes: the elements, their variants and the draft. */
export function useElementsStore(): {
  state: ElementsHost;
  dispatch: Dispatch<ElementsAction>;
  /** The state of the last render, for code that runs after an await. */
  latest: RefObject<ElementsHost>;
} {
  const { state, dispatch, latest } = useWizardStore();
  return { state, dispatch, latest };
}
