import clsx from 'clsx';
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

/** A centred spinner with a short message, for whole-screen or whole-panel loading. */
export function LoadingState({ message = 'Loading…' }: { message?: string }) {
  return (
    <div className={styles.loadingState} role="status" aria-live="polite">
      <Spinner size="lg" />
      <span>{message}</span>
    </div>
  );
}
