import { LOADING_MESSAGES, pickPhrase } from '@kindling/domain';
import { useState } from 'react';
import { Logo } from './logo';
import { Spinner } from './spinner';
import styles from './full-page-loader.module.css';

/** The whole-screen loader; without a message it shows one of the spec's fire-themed phrases. */
export function FullPageLoader({ message }: { message?: string }) {
  const [phrase] = useState(() => message ?? pickPhrase(LOADING_MESSAGES));
  return (
    <div className={styles.screen} role="status" aria-live="polite" data-testid="page-loader">
      <Logo size={40} />
      <div className={styles.row}>
        <Spinner size="sm" />
        <span>{message ?? phrase}…</span>
      </div>
    </div>
  );
}
