import type { WizardStep } from '@kindling/domain';
import { Button } from '../../../ui/button';
import { useEditMode } from '../hooks/edit-mode-context';
import styles from './wizard.module.css';

interface WizardFooterProps {
  /** Where Back goes; undefined when there is no going back from this step. */
  back: WizardStep | undefined;
  /** Where Next goes; undefined on the last step, which submits instead. */
  next: WizardStep | undefined;
  /** Why Next is off (the page was not reached, or answered an error not confirmed). */
  nextBlocked: string | undefined;
  onGoTo: (step: WizardStep) => void;
  submitting: boolean;
  onSubmit: () => void;
}

export function WizardFooter(props: WizardFooterProps) {
  const { back, next, nextBlocked, onGoTo, submitting, onSubmit } = props;
  const { submit } = useEditMode();
  return (
    <footer className={styles.footer}>
      {next && nextBlocked ? (
        <p className={styles.nextBlocked} id="next-blocked">
          {nextBlocked}
        </p>
      ) : null}
      {back ? (
        <Button variant="outline" color="secondary" onClick={() => onGoTo(back)}>
          Back
        </Button>
      ) : (
        <span />
      )}
      {next ? (
        <Button
          disabled={nextBlocked !== undefined}
          aria-describedby={nextBlocked ? 'next-blocked' : undefined}
          onClick={() => onGoTo(next)}
        >
          Next
        </Button>
      ) : (
        <Button loading={submitting} loadingText={submit.loadingText} onClick={onSubmit}>
          {submit.label}
        </Button>
      )}
    </footer>
  );
}
