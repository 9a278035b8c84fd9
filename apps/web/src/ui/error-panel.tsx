import { errorMessage } from '../lib/error-message';
import { Button } from './button';
import styles from './error-panel.module.css';

/** An inline "could not load" state with a retry button. */
export function ErrorPanel({
  title = 'Could not load this page',
  error,
  onRetry,
}: {
  title?: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <div className={styles.panel} role="alert" data-testid="error-panel">
      <h2 className={styles.title}>{title}</h2>
      <p className={styles.message}>{errorMessage(error)}</p>
      {onRetry ? (
        <Button variant="outline" color="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
