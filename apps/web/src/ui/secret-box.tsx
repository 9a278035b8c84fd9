import type { ReactNode } from 'react';
import { CopyButton } from './copy-button';
import styles from './secret-box.module.css';

/** A secret shown once (an API key, a webhook's signing secret), with what to do and Copy. */
export function SecretBox({
  secret,
  note,
  testId,
}: {
  secret: string;
  note: ReactNode;
  /** The box's test id; its value's is the same with `-value`. */
  testId: string;
}) {
  return (
    <div className={styles.secret} data-testid={testId} role="status">
      <span className={styles.note}>{note}</span>
      <div className={styles.row}>
        <code className={styles.value} data-testid={`${testId}-value`}>
          {secret}
        </code>
        <CopyButton text={secret} variant="outline" color="secondary" />
      </div>
    </div>
  );
}
