import {
  CAMPAIGN_INPUT_MESSAGES,
  minimumDetectableEffectSchema,
  type CampaignInput,
} from '@kindling/domain';
import { percentOf } from '../../../../lib/stats-plan-text';
import type { StatsPlan, WizardSettings } from './wizard-settings';

/** The minimum detectable effect the field holds, as the fraction the API takes. */
export const mdeFraction = (percent: number): number => percent / 100;

/** The domain's message for an MDE outside 1%..200% (or no number), else undefined. */
export function mdeError(percent: number): string | undefined {
  if (!Number.isFinite(percent)) return CAMPAIGN_INPUT_MESSAGES.minimumDetectableEffect;
  return minimumDetectableEffectSchema.safeParse(mdeFraction(percent)).success
    ? undefined
    : CAMPAIGN_INPUT_MESSAGES.minimumDetectableEffect;
}

/**
 * The plan fields of POST /create and /save: only those the person changed from `saved`. Left
 * out, the server keeps what it has (its defaults for a new campaign), so a save never moves
 * a method that someone else set meanwhile, nor sends one it may refuse for no reason.
 */
export function planChanges(
  settings: Pick<WizardSettings, 'statsMethod' | 'mdePercent' | 'autoStop'>,
  saved: StatsPlan,
): Pick<CampaignInput, 'statsMethod' | 'minimumDetectableEffect' | 'autoStop'> {
  const changes: Pick<CampaignInput, 'statsMethod' | 'minimumDetectableEffect' | 'autoStop'> = {};
  if (settings.statsMethod !== saved.statsMethod) changes.statsMethod = settings.statsMethod;
  if (settings.mdePercent !== percentOf(saved.minimumDetectableEffect)) {
    changes.minimumDetectableEffect = mdeFraction(settings.mdePercent);
  }
  if (settings.autoStop !== saved.autoStop) changes.autoStop = settings.autoStop;
  return changes;
}
