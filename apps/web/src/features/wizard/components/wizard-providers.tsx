import type { ReactNode } from 'react';
import { EditModeContext } from '../hooks/edit-mode-context';
import { PreviewControlsContext, type PreviewControls } from '../hooks/preview-controls';
import { WizardStoreContext, type WizardStore } from '../hooks/wizard-store';
import type { EditModeStrategy } from '../state/edit-mode';

interface WizardProvidersProps {
  store: WizardStore;
  editMode: EditModeStrategy;
  preview: PreviewControls;
  children: ReactNode;
}

/**
 * The contexts every step may use. Each is separate, so a component reads only what it needs;
 * the variant actions are provided by the EditElements step itself.
 */
export function WizardProviders({ store, editMode, preview, children }: WizardProvidersProps) {
  return (
    <EditModeContext value={editMode}>
      <PreviewControlsContext value={preview}>
        <WizardStoreContext value={store}>{children}</WizardStoreContext>
      </PreviewControlsContext>
    </EditModeContext>
  );
}
