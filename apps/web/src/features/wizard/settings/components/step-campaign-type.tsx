import { CAMPAIGN_LIMITS, CAMPAIGN_TYPE_LABELS, type CampaignType } from '@kindling/domain';
import { RadioCards } from '../../../../ui/radio-cards';
import { useSettingsStore } from '../hooks/use-settings-store';
import { ElementModeChoice } from './element-mode-choice';
import layout from '../../components/step-layout.module.css';

const DESCRIPTIONS: Record<CampaignType, string> = {
  ab_split:
    'Traffic is split evenly and stays fixed: the original and every variant get the same share of visitors until you stop the test. Best when you want a clean, statistically rigorous comparison.',
  multi_armed_bandit: `Traffic shifts toward the variants that convert best as results arrive, so fewer visitors see losing versions. No variant ever gets more than ${CAMPAIGN_LIMITS.maxTrafficAllocation}% of the traffic, so the others keep being measured.`,
};

const OPTIONS = (Object.keys(CAMPAIGN_TYPE_LABELS) as CampaignType[]).map((value) => ({
  value,
  label: CAMPAIGN_TYPE_LABELS[value],
  description: DESCRIPTIONS[value],
}));

export function StepCampaignType() {
  const { settings, dispatch } = useSettingsStore();
  return (
    <div className={layout.stepBody}>
      <h2 className={layout.stepTitle}>How should traffic be shared?</h2>
      <p className={layout.stepText}>
        Choose how visitors are divided between the original page and your variants.
      </p>
      <RadioCards
        legend="Campaign type"
        name="campaign-type"
        layout="column"
        value={settings.type}
        options={OPTIONS}
        onChange={(type) => dispatch({ type: 'settings', patch: { type } })}
      />
      <ElementModeChoice />
    </div>
  );
}
