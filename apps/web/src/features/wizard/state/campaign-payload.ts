import type { CampaignInput } from '@kindling/domain';
import { variantsToSave } from '../elements/state/variant-life-cycle';
import { planChanges } from '../settings/state/stats-plan';
import type { WizardState } from './wizard-types';

/**
 * The body of POST /create (and, with the id, POST /save) built from the wizard; the test
 * method and the minimum detectable effect only when the person changed them.
 */
export function campaignPayload(state: WizardState): CampaignInput {
  const { settings } = state;
  const description = settings.description.trim();
  return {
    ingestedUrl: state.ingestedUrl,
    name: settings.name.trim(),
    description: description === '' ? null : description,
    type: settings.type,
    meta: {
      ...state.meta,
      linkedElements: state.elements.length > 1 && settings.elementMode === 'together',
    },
    thumbnail: state.thumbnail,
    exclusiveAudienceMode: settings.exclusiveAudienceMode,
    trafficAllocation: settings.trafficAllocation,
    isEnabled: settings.isEnabled,
    elements: state.elements.map(variantsToSave),
    goals: state.goals,
    extraMetrics: state.extraMetrics,
    ...planChanges(settings, state.savedPlan),
  };
}
