import { LOADING_MESSAGES } from '@kindling/domain';
import { Logo } from './logo';
import { Spinner } from './spinner';
import styles from './full-page-loader.module.css';

export function FullPageLoader({ message = LOADING_MESSAGES[1] }: { message?: string }) {
  return (
    <div className={styles.screen} role="status" aria-live="polite" data-testid="page-loader">
      <Logo size={40} />
      <div className={styles.row}>
        <Spinner size="sm" />
        <span>{message}…</span>
      </div>
    </div>
  );
}
