import { CAMPAIGN_LIMITS, type Campaign, type CampaignType } from '@kindling/domain';

/** The CampaignTypeSelection and Settings steps' part of the wizard state. */
export interface WizardSettings {
  name: string;
  description: string;
  type: CampaignType;
  trafficAllocation: number;
  exclusiveAudienceMode: boolean;
  isEnabled: boolean;
}

export interface SettingsState {
  settings: WizardSettings;
}

export type SettingsAction = { type: 'settings'; patch: Partial<WizardSettings> };

export function newCampaignSettings(isEnabled: boolean): WizardSettings {
  return {
    name: '',
    description: '',
    type: 'ab_split',
    trafficAllocation: CAMPAIGN_LIMITS.defaultTrafficAllocation,
    exclusiveAudienceMode: false,
    isEnabled,
  };
}

export function savedCampaignSettings(campaign: Campaign): WizardSettings {
  return {
    name: campaign.name,
    description: campaign.description ?? '',
    type: campaign.type,
    trafficAllocation: campaign.trafficAllocation,
    exclusiveAudienceMode: campaign.exclusiveAudienceMode,
    isEnabled: campaign.isEnabled,
  };
}

export function settingsReducer<S extends SettingsState>(state: S, action: SettingsAction): S {
  return { ...state, settings: { ...state.settings, ...action.patch } };
}
