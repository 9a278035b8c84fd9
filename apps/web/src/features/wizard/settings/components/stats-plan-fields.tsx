import { CAMPAIGN_INPUT_MESSAGES } from '@kindling/domain';
import {
  AUTO_STOP_TEXT,
  MINIMUM_DETECTABLE_EFFECT_TEXT,
  TEST_METHOD_LEGEND,
  TEST_METHOD_OPTIONS,
} from '../../../../lib/stats-plan-text';
import { TextField } from '../../../../ui/field';
import { RadioCards } from '../../../../ui/radio-cards';
import { Switch } from '../../../../ui/switch';
import type { WizardSettings } from '../state/wizard-settings';
import styles from './step-settings.module.css';

type PlanField = 'statsMethod' | 'mdePercent' | 'autoStop';

interface StatsPlanFieldsProps {
  settings: Pick<WizardSettings, PlanField>;
  mdeError: string | undefined;
  /** The campaign has had visitors: its method is settled. */
  methodLocked: boolean;
  onChange: <K extends PlanField>(field: K, value: WizardSettings[K]) => void;
}

/**
 * How the campaign's results are judged and acted on: the effect worth detecting, the test
 * method, and whether the campaign stops by itself once answered.
 */
export function StatsPlanFields({
  settings,
  mdeError,
  methodLocked,
  onChange,
}: StatsPlanFieldsProps) {
  return (
    <section className={styles.section} aria-labelledby="stats-plan-title" data-testid="stats-plan">
      <h3 id="stats-plan-title" className={styles.sectionTitle}>
        Statistics
      </h3>
      <TextField
        label={MINIMUM_DETECTABLE_EFFECT_TEXT.label}
        type="number"
        min={1}
        max={200}
        step="any"
        inputMode="decimal"
        hint={MINIMUM_DETECTABLE_EFFECT_TEXT.help}
        value={Number.isNaN(settings.mdePercent) ? '' : settings.mdePercent}
        error={mdeError}
        onChange={(event) => onChange('mdePercent', Number.parseFloat(event.target.value))}
      />
      <RadioCards
        legend={TEST_METHOD_LEGEND}
        name="stats-method"
        layout="column"
        value={settings.statsMethod}
        options={TEST_METHOD_OPTIONS.map((option) => ({
          value: option.value,
          label: option.label,
          description: option.help,
        }))}
        disabled={methodLocked}
        hint={methodLocked ? CAMPAIGN_INPUT_MESSAGES.methodLocked : undefined}
        onChange={(method) => onChange('statsMethod', method)}
        data-testid="stats-method"
      />
      <div className={styles.switchRow}>
        <Switch
          label={AUTO_STOP_TEXT.label}
          showLabel
          checked={settings.autoStop}
          onCheckedChange={(checked) => onChange('autoStop', checked)}
          data-testid="auto-stop"
        />
        <p className={styles.switchHint} id="auto-stop-help">
          {AUTO_STOP_TEXT.help}
          {settings.statsMethod === 'fixed' ? ` ${AUTO_STOP_TEXT.fixedHelp}` : null}
        </p>
      </div>
    </section>
  );
}
