import { WIZARD_STEP_LABELS, WIZARD_STEPS, type WizardStep } from '@kindling/domain';
import clsx from 'clsx';
import { CheckIcon } from '../../../ui/icons';
import { stepIndex } from '../state/step-rules';
import styles from './wizard.module.css';

interface WizardStepperProps {
  current: WizardStep;
  canVisit: (step: WizardStep) => boolean;
  onVisit: (step: WizardStep) => void;
}

export function WizardStepper({ current, canVisit, onVisit }: WizardStepperProps) {
  const at = stepIndex(current);
  const total = WIZARD_STEPS.length;
  return (
    <nav aria-label="Wizard steps">
      {/* A phone or tablet has no room for six labelled steps: CSS shows this instead. */}
      <div className={styles.compactStepper} data-testid="wizard-progress">
        <p className={styles.compactLabel}>
          Step {at + 1} of {total} · <strong>{WIZARD_STEP_LABELS[current]}</strong>
        </p>
        <span className={styles.progressTrack} aria-hidden="true">
          <span className={styles.progressBar} style={{ width: `${((at + 1) / total) * 100}%` }} />
        </span>
      </div>
      <ol className={styles.stepper}>
        {WIZARD_STEPS.map((step, index) => {
          const state = index < at ? 'done' : index === at ? 'current' : 'todo';
          return (
            <li key={step} className={clsx(styles.stepItem, styles[state])}>
              <button
                type="button"
                className={styles.stepButton}
                disabled={state === 'current' || !canVisit(step)}
                aria-current={state === 'current' ? 'step' : undefined}
                onClick={() => onVisit(step)}
              >
                <span className={styles.stepNumber} aria-hidden="true">
                  {state === 'done' ? <CheckIcon size={12} /> : index + 1}
                </span>
                <span>{WIZARD_STEP_LABELS[step]}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
