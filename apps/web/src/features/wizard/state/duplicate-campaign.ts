import {
  CAMPAIGN_LIMITS,
  createTemporaryIdGenerator,
  type Campaign,
  type CampaignElement,
} from '@kindling/domain';
import { DEFAULT_STATS_PLAN } from '../settings/state/wizard-settings';
import { updateWizardState } from './wizard-state';
import type { WizardState } from './wizard-types';

// Issue 35, Duplicate: a new campaign being built with the same page, elements, variants,
// goals and metrics as a saved one, and none of its results. Every id is a new temporary one,
// so creating it touches nothing of the original.

export const duplicateName = (name: string) =>
  `Copy of ${name}`.slice(0, CAMPAIGN_LIMITS.nameMaxLength);

export function duplicateWizardState(campaign: Campaign): WizardState {
  const loaded = updateWizardState(campaign);
  const nextId = createTemporaryIdGenerator();
  const elements = loaded.elements.map((element): CampaignElement => {
    const id = nextId();
    const { metrics: _metrics, ...rest } = element;
    return {
      ...rest,
      id,
      key: `e${-id}`,
      __new__: true,
      variants: element.variants.map((variant) => {
        const { metrics: _variantMetrics, ...copy } = variant;
        const variantId = nextId();
        return { ...copy, id: variantId, key: `v${-variantId}`, marker: 'draft' };
      }),
    } as CampaignElement;
  });
  const goalIds = new Map(loaded.goals.map((goal) => [goal.id, nextId()]));
  return {
    ...loaded,
    mode: 'create',
    campaignId: undefined,
    step: 'EditElements',
    elements,
    goals: loaded.goals.map((goal) => ({ ...goal, id: goalIds.get(goal.id) ?? goal.id })),
    extraMetrics: loaded.extraMetrics.map((metric) => ({
      ...metric,
      goalId: metric.goalId === null ? null : (goalIds.get(metric.goalId) ?? null),
    })),
    settings: { ...loaded.settings, name: duplicateName(campaign.name), isEnabled: false },
    selectedVariants: {},
    // The copy's plan is sent as it differs from the server's defaults, as a new one's is.
    savedPlan: DEFAULT_STATS_PLAN,
    lastTemporaryId: nextId() + 1,
  };
}
