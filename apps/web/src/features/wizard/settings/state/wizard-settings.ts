import {
  CAMPAIGN_LIMITS,
  DEFAULT_MINIMUM_DETECTABLE_EFFECT,
  elementModeOf,
  type ElementMode,
  type Campaign,
  type CampaignType,
  type TestMethod,
} from '@kindling/domain';
import { percentOf } from '../../../../lib/stats-plan-text';

/** How the campaign's verdicts are reached, as the server keeps it. */
export interface StatsPlan {
  statsMethod: TestMethod;
  /** A fraction: 0.1 is 10%. */
  minimumDetectableEffect: number;
  /** Switch off by itself once answered (docs/statistics.md, "Auto-stop"). */
  autoStop: boolean;
}

export const DEFAULT_STATS_PLAN: StatsPlan = {
  statsMethod: 'sequential',
  minimumDetectableEffect: DEFAULT_MINIMUM_DETECTABLE_EFFECT,
  autoStop: false,
};

/** The CampaignTypeSelection and Settings steps' part of the wizard state. */
export interface WizardSettings {
  name: string;
  description: string;
  type: CampaignType;
  trafficAllocation: number;
  exclusiveAudienceMode: boolean;
  isEnabled: boolean;
  statsMethod: TestMethod;
  /** The minimum detectable effect as typed, in percent (NaN while the field is empty). */
  mdePercent: number;
  autoStop: boolean;
  /** Several elements: changed together (whole-page arms) or each on its own (issue 35). */
  elementMode: ElementMode;
}

export interface SettingsState {
  settings: WizardSettings;
  /**
   * The plan the server has (a new campaign: the server's defaults). Only what differs from it
   * is sent, so a save never overwrites a plan it did not change.
   */
  savedPlan: StatsPlan;
}

export type SettingsAction = { type: 'settings'; patch: Partial<WizardSettings> };

const planSettings = (plan: StatsPlan) => ({
  statsMethod: plan.statsMethod,
  mdePercent: percentOf(plan.minimumDetectableEffect),
  autoStop: plan.autoStop,
});

export function newCampaignSettings(isEnabled: boolean): WizardSettings {
  return {
    name: '',
    description: '',
    type: 'ab_split',
    trafficAllocation: CAMPAIGN_LIMITS.defaultTrafficAllocation,
    exclusiveAudienceMode: false,
    isEnabled,
    ...planSettings(DEFAULT_STATS_PLAN),
    elementMode: 'together',
  };
}

export const savedStatsPlan = (campaign: Campaign): StatsPlan => ({
  statsMethod: campaign.statsMethod,
  minimumDetectableEffect: campaign.minimumDetectableEffect,
  autoStop: campaign.autoStop,
});

export function savedCampaignSettings(campaign: Campaign): WizardSettings {
  return {
    name: campaign.name,
    description: campaign.description ?? '',
    type: campaign.type,
    trafficAllocation: campaign.trafficAllocation,
    exclusiveAudienceMode: campaign.exclusiveAudienceMode,
    isEnabled: campaign.isEnabled,
    ...planSettings(savedStatsPlan(campaign)),
    elementMode: elementModeOf(campaign.meta),
  };
}

export function settingsReducer<S extends SettingsState>(state: S, action: SettingsAction): S {
  return { ...state, settings: { ...state.settings, ...action.patch } };
}
