import type { ReactNode } from 'react';
import styles from './preview-warning.module.css';

/** A banner over the live preview for a page that loaded but may not be the one meant. */
export function PreviewWarning({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.warning} role="alert" data-testid="preview-warning">
      <span>{children}</span>
      {action}
    </div>
  );
}
