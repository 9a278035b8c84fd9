import { Button } from '../../../ui/button';
import type { DraftSaveStatus } from '../hooks/use-draft-autosave';
import styles from './draft-save-status.module.css';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** Beside the wizard's title: whether the draft on the server has the latest changes. */
export function DraftSaveStatusLine({
  status,
  onRetry,
}: {
  status: DraftSaveStatus;
  onRetry: () => void;
}) {
  switch (status.kind) {
    case 'none':
      return null;
    case 'unsaved':
    case 'saving':
      return (
        <p className={styles.status} data-testid="draft-status" data-state="saving">
          Saving draft…
        </p>
      );
    case 'saved':
      return (
        <p className={styles.status} data-testid="draft-status" data-state="saved">
          Draft saved at {timeOf(status.at)}
        </p>
      );
    case 'failed':
      return (
        <p className={styles.failed} role="alert" data-testid="draft-status" data-state="failed">
          Not saved: {status.message}{' '}
          <Button variant="ghost-inline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </p>
      );
    case 'conflict':
      return (
        <p className={styles.failed} role="alert" data-testid="draft-status" data-state="conflict">
          {status.message}{' '}
          <Button variant="ghost-inline" size="sm" onClick={() => window.location.reload()}>
            Reload draft
          </Button>
        </p>
      );
  }
}
