import { displayUrl } from '../../../lib/format';
import { Spinner } from '../../../ui/spinner';
import { useWizardStore } from '../hooks/wizard-store';
import layout from './step-layout.module.css';
import styles from './step-close-popups.module.css';

export function StepClosePopups({ screenshotPending }: { screenshotPending: boolean }) {
  const { state } = useWizardStore();
  return (
    <div className={layout.stepBody}>
      <h2 className={layout.stepTitle}>Close pop-ups</h2>
      <p className={layout.stepText}>
        Use the page in the preview as a visitor would: close cookie banners, newsletter pop-ups or
        chat windows that cover the content you want to test. Then continue.
      </p>
      <div className={styles.pageCard}>
        {state.thumbnail ? (
          <img
            className={styles.pageThumb}
            src={state.thumbnail.small}
            alt={`Screenshot of ${displayUrl(state.ingestedUrl)}`}
          />
        ) : (
          <div className={styles.pageThumbEmpty} data-testid="screenshot-pending">
            {screenshotPending ? (
              <>
                <Spinner size="sm" /> Taking a screenshot…
              </>
            ) : (
              'No screenshot'
            )}
          </div>
        )}
        <span className={styles.pageUrl}>{displayUrl(state.ingestedUrl)}</span>
      </div>
    </div>
  );
}
