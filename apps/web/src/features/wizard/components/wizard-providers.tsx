import type { ReactNode } from 'react';
import { EditModeContext } from '../hooks/edit-mode-context';
import { PreviewControlsContext, type PreviewControls } from '../hooks/preview-controls';
import { TargetPickerContext, type TargetPicker } from '../hooks/target-picker';
import { WizardStoreContext, type WizardStore } from '../hooks/wizard-store';
import type { EditModeStrategy } from '../state/edit-mode';

interface WizardProvidersProps {
  store: WizardStore;
  editMode: EditModeStrategy;
  preview: PreviewControls;
  targetPicker: TargetPicker;
  children: ReactNode;
}

/**
 * The contexts every step may use. Each is separate, so a component reads only what it needs;
 * the variant actions are provided by the EditElements step itself.
 */
export function WizardProviders(props: WizardProvidersProps) {
  const { store, editMode, preview, targetPicker, children } = props;
  return (
    <EditModeContext value={editMode}>
      <PreviewControlsContext value={preview}>
        <TargetPickerContext value={targetPicker}>
          <WizardStoreContext value={store}>{children}</WizardStoreContext>
        </TargetPickerContext>
      </PreviewControlsContext>
    </EditModeContext>
  );
}
