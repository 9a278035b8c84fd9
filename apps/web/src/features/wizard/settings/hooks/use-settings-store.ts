import type { Dispatch } from 'react';
import { useWizardStore } from '../../hooks/wizard-store';
import type { SettingsAction, WizardSettings } from '../state/wizard-settings';

/**
 * What the settings steps read and change: the settings, checked against the page's URL, and
 * the saved campaign they belong to (undefined while it is being created).
 */
export function useSettingsStore(): {
  settings: WizardSettings;
  ingestedUrl: string;
  campaignId: number | undefined;
  dispatch: Dispatch<SettingsAction>;
} {
  const { state, dispatch } = useWizardStore();
  return {
    settings: state.settings,
    ingestedUrl: state.ingestedUrl,
    campaignId: state.campaignId,
    dispatch,
  };
}
