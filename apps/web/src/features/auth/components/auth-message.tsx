import clsx from 'clsx';
import type { ReactNode } from 'react';
import styles from './auth-message.module.css';

/** A short state message in an auth screen: sent, done, or a link that no longer works. */
export function AuthMessage({
  tone,
  children,
  testId,
}: {
  tone: 'success' | 'info' | 'error';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={clsx(styles.message, styles[tone])}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
