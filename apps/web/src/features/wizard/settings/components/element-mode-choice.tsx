import {
  ELEMENT_MODE_TEXT,
  elementModePlan,
  linkedElementsProblem,
  PLANNING_BASELINE_RATE,
  type ElementMode,
} from '@kindling/domain';
import { RadioCards } from '../../../../ui/radio-cards';
import { useWizardStore } from '../../hooks/wizard-store';
import styles from './element-mode-choice.module.css';

const count = (value: number) => value.toLocaleString('en-US');

function PlanLine({ mode }: { mode: ElementMode }) {
  const { state } = useWizardStore();
  const plan = elementModePlan({
    elements: state.elements,
    mode,
    minimumDetectableEffect: state.settings.mdePercent / 100,
    method: state.settings.statsMethod,
  });
  const versions =
    mode === 'together' ? `${plan.versions} arms` : `${count(plan.versions)} combinations`;
  if (plan.visitorsPerVersion === null || plan.visitorsInAll === null) {
    return <span className={styles.plan}>{versions}, the original included</span>;
  }
  return (
    <span className={styles.plan} data-testid={`element-mode-plan-${mode}`}>
      <strong>{versions}</strong>, the original included: about {count(plan.visitorsPerVersion)}{' '}
      visitors each, <strong>{count(plan.visitorsInAll)}</strong> in all
    </span>
  );
}

/**
 * Several elements (issue 35): changed together, an A/B test of whole pages, or each on its
 * own, a multivariate test; with the versions and the traffic each choice needs.
 */
export function ElementModeChoice() {
  const { state, dispatch } = useWizardStore();
  if (state.elements.length < 2) return null;
  const { elementMode, mdePercent } = state.settings;
  const problem = elementMode === 'together' ? linkedElementsProblem(state.elements) : undefined;
  const options = (['together', 'separate'] as const).map((mode) => ({
    value: mode,
    label: ELEMENT_MODE_TEXT[mode].label,
    description: (
      <>
        {ELEMENT_MODE_TEXT[mode].description}
        <PlanLine mode={mode} />
      </>
    ),
  }));
  return (
    <section className={styles.choice}>
      <h3 className={styles.title}>{state.elements.length} elements: test them how?</h3>
      <RadioCards
        legend="How the elements are tested"
        name="element-mode"
        layout="column"
        value={elementMode}
        options={options}
        onChange={(mode) => dispatch({ type: 'settings', patch: { elementMode: mode } })}
        hint={`Traffic to detect a ${Number.isFinite(mdePercent) ? mdePercent : '–'}% change on a ${PLANNING_BASELINE_RATE * 100}% conversion rate with the campaign's test method.`}
        data-testid="element-mode"
      />
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
