import {
  CAMPAIGN_FORM_MESSAGES,
  CAMPAIGN_INPUT_MESSAGES,
  campaignFormSchema,
  isValidCampaignUrl,
  validateForm,
} from '@kindling/domain';
import { mdeError } from './stats-plan';
import type { WizardSettings } from './wizard-settings';

/**
 * Spec section 5 URL rules with the campaign form's messages; undefined when valid. The app's
 * own published pages under `ownPagesOrigin` are valid wherever the app runs.
 */
export function urlError(url: string, ownPagesOrigin?: string | null): string | undefined {
  if (url.trim() === '') return CAMPAIGN_FORM_MESSAGES.urlRequired;
  return isValidCampaignUrl(url, ownPagesOrigin) ? undefined : CAMPAIGN_FORM_MESSAGES.urlInvalid;
}

export type SettingsField =
  'name' | 'description' | 'trafficAllocation' | 'minimumDetectableEffect';
export type SettingsErrors = Partial<Record<SettingsField, string>>;

/** The campaign form rules of spec section 5 applied to the Settings step. */
export function settingsErrors(settings: WizardSettings, ingestedUrl: string): SettingsErrors {
  // The description is checked as campaignPayload sends it: trimmed, empty as null.
  const description = settings.description.trim();
  const form = validateForm(campaignFormSchema, {
    ingestedUrl,
    name: settings.name,
    description: description === '' ? null : description,
  });
  const errors: SettingsErrors = {};
  if (form.name) errors.name = form.name.message;
  if (form.description) errors.description = form.description.message;
  const traffic = settings.trafficAllocation;
  if (!Number.isInteger(traffic) || traffic < 1 || traffic > 100) {
    errors.trafficAllocation = CAMPAIGN_INPUT_MESSAGES.trafficAllocation;
  }
  const mde = mdeError(settings.mdePercent);
  if (mde) errors.minimumDetectableEffect = mde;
  return errors;
}
