import { createContext, useContext } from 'react';
import type { EditModeStrategy } from '../state/edit-mode';

/** The create or update strategy, chosen once when the wizard opens. */
export const EditModeContext = createContext<EditModeStrategy | null>(null);

export function useEditMode(): EditModeStrategy {
  const editMode = useContext(EditModeContext);
  if (!editMode) throw new Error('useEditMode is used outside the campaign wizard');
  return editMode;
}
