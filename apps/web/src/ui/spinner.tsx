import { LOADING_MESSAGES, pickPhrase } from '@kindling/domain';
import clsx from 'clsx';
import { useState } from 'react';
import styles from './spinner.module.css';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  return (
    <span
      className={clsx(styles.spinner, styles[size], className)}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** A centred spinner with a short message (by default a fire-themed phrase of the spec's list). */
export function LoadingState({ message }: { message?: string }) {
  const [phrase] = useState(() => `${pickPhrase(LOADING_MESSAGES)}…`);
  return (
    <div className={styles.loadingState} role="status" aria-live="polite">
      <Spinner size="lg" />
      <span>{message ?? phrase}</span>
    </div>
  );
}
