import { CAMPAIGN_LIMITS } from '@kindling/domain';
import { useState } from 'react';
import { TextAreaField, TextField, FormError } from '../../../../ui/field';
import { Switch } from '../../../../ui/switch';
import { useWizard } from '../../hooks/wizard-context';
import { settingsErrors, type SettingsField } from '../state/settings-rules';
import type { WizardSettings } from '../state/wizard-settings';
import styles from '../../components/wizard.module.css';

interface StepSettingsProps {
  /** Every field shows its error after a submit attempt. */
  showAllErrors: boolean;
  formError: string | null;
  canEnable: boolean;
}

export function StepSettings({ showAllErrors, formError, canEnable }: StepSettingsProps) {
  const { state, dispatch } = useWizard();
  const [touched, setTouched] = useState<Partial<Record<SettingsField, boolean>>>({});
  const errors = settingsErrors(state.settings, state.ingestedUrl);
  const errorOf = (field: SettingsField) =>
    showAllErrors || touched[field] ? errors[field] : undefined;

  function change<K extends keyof WizardSettings>(field: K, value: WizardSettings[K]) {
    dispatch({ type: 'settings', patch: { [field]: value } });
    // Spec section 5: the campaign form validates per field on change.
    if (field === 'name' || field === 'description' || field === 'trafficAllocation') {
      setTouched((current) => ({ ...current, [field]: true }));
    }
  }

  return (
    <div className={styles.stepBody}>
      <h2 className={styles.stepTitle}>Campaign settings</h2>
      <FormError message={formError} />
      <TextField
        label="Campaign name"
        placeholder="e.g. Spring pricing headline"
        value={state.settings.name}
        error={errorOf('name')}
        maxLength={CAMPAIGN_LIMITS.nameMaxLength + 1}
        onChange={(event) => change('name', event.target.value)}
      />
      <TextAreaField
        label="Description (optional)"
        placeholder="What are you trying to learn?"
        value={state.settings.description}
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
        value={
          Number.isNaN(state.settings.trafficAllocation) ? '' : state.settings.trafficAllocation
        }
        error={errorOf('trafficAllocation')}
        onChange={(event) => change('trafficAllocation', Number.parseInt(event.target.value, 10))}
      />
      <div className={styles.switchRow}>
        <Switch
          label="Exclusive audience"
          showLabel
          checked={state.settings.exclusiveAudienceMode}
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
          disabled={!canEnable}
          checked={state.settings.isEnabled}
          onCheckedChange={(checked) => change('isEnabled', checked)}
        />
        {canEnable ? null : (
          <p className={styles.switchHint}>
            New campaigns start paused until the team has a subscription; you can enable it from the
            campaign list.
          </p>
        )}
      </div>
    </div>
  );
}
