import { CAMPAIGN_LIMITS, NO_SUBSCRIPTION_MESSAGES } from '@kindling/domain';
import { useState } from 'react';
import { TextAreaField, TextField, FormError } from '../../../../ui/field';
import { Switch } from '../../../../ui/switch';
import { useCurrentTeam } from '../../../../lib/current-team';
import { useCampaignHasVisitors } from '../hooks/use-campaign-has-visitors';
import { useSettingsStore } from '../hooks/use-settings-store';
import { settingsErrors, type SettingsField } from '../state/settings-rules';
import type { WizardSettings } from '../state/wizard-settings';
import layout from '../../components/step-layout.module.css';
import { StatsPlanFields } from './stats-plan-fields';
import styles from './step-settings.module.css';

interface StepSettingsProps {
  /** Every field shows its error after a submit attempt. */
  showAllErrors: boolean;
  formError: string | null;
}

export function StepSettings({ showAllErrors, formError }: StepSettingsProps) {
  const { settings, ingestedUrl, campaignId, dispatch } = useSettingsStore();
  const { membership } = useCurrentTeam();
  const hasVisitors = useCampaignHasVisitors(campaignId);
  const [touched, setTouched] = useState<Partial<Record<SettingsField, boolean>>>({});
  const errors = settingsErrors(settings, ingestedUrl);
  const errorOf = (field: SettingsField) =>
    showAllErrors || touched[field] ? errors[field] : undefined;

  function change<K extends keyof WizardSettings>(field: K, value: WizardSettings[K]) {
    dispatch({ type: 'settings', patch: { [field]: value } });
    // Spec section 5: the campaign form validates per field on change.
    if (field === 'name' || field === 'description' || field === 'trafficAllocation') {
      setTouched((current) => ({ ...current, [field]: true }));
    }
    if (field === 'mdePercent') {
      setTouched((current) => ({ ...current, minimumDetectableEffect: true }));
    }
  }

  return (
    <div className={layout.stepBody}>
      <h2 className={layout.stepTitle}>Campaign settings</h2>
      <FormError message={formError} />
      <TextField
        label="Campaign name"
        placeholder="e.g. Spring pricing headline"
        value={settings.name}
        error={errorOf('name')}
        maxLength={CAMPAIGN_LIMITS.nameMaxLength + 1}
        onChange={(event) => change('name', event.target.value)}
      />
      <TextAreaField
        label="Description (optional)"
        placeholder="What are you trying to learn?"
        value={settings.description}
        error={errorOf('description')}
        onChange={(event) => change('description', event.target.value)}
      />
      <TextField
        label="Traffic allocation (%)"
        type="number"
        min={1}
        max={100}
        inputMode="numeric"
        hint="The share of visitors who take part in the test; the rest always see the original."
        value={Number.isNaN(settings.trafficAllocation) ? '' : settings.trafficAllocation}
        error={errorOf('trafficAllocation')}
        onChange={(event) => change('trafficAllocation', Number.parseInt(event.target.value, 10))}
      />
      <div className={styles.switchRow}>
        <Switch
          label="Exclusive audience"
          showLabel
          checked={settings.exclusiveAudienceMode}
          onCheckedChange={(checked) => change('exclusiveAudienceMode', checked)}
        />
        <p className={styles.switchHint}>
          Visitors in this campaign are kept out of your other exclusive campaigns, so results do
          not mix.
        </p>
      </div>
      <div className={styles.switchRow}>
        <Switch
          label="Start the campaign enabled"
          showLabel
          checked={settings.isEnabled}
          onCheckedChange={(checked) => change('isEnabled', checked)}
        />
        {membership.newCampaignsWaitForSubscription ? (
          <p className={styles.switchHint} data-testid="wizard-subscription-hint">
            {NO_SUBSCRIPTION_MESSAGES.newCampaigns} {NO_SUBSCRIPTION_MESSAGES.access}
          </p>
        ) : null}
      </div>
      <StatsPlanFields
        settings={settings}
        mdeError={errorOf('minimumDetectableEffect')}
        methodLocked={hasVisitors === true}
        onChange={change}
      />
    </div>
  );
}
