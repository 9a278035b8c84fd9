import { useId } from 'react';
import clsx from 'clsx';
import styles from './logo.module.css';

interface LogoProps {
  /** The brand name shown next to the mark; omit for the mark alone. */
  wordmark?: string;
  size?: number;
  className?: string;
}

/** The Kindling flame, drawn inline so nothing is fetched at runtime. */
export function Logo({ wordmark, size = 28, className }: LogoProps) {
  const gradientId = useId();
  return (
    <span className={clsx(styles.logo, className)}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 32 32"
        role="img"
        aria-label={wordmark ? undefined : 'Kindling'}
        aria-hidden={wordmark ? true : undefined}
        className={styles.mark}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="1" x2="0" y2="0">
            <stop offset="0" stopColor="#dc2626" />
            <stop offset="0.55" stopColor="#ea580c" />
            <stop offset="1" stopColor="#fbbf24" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill="#1c1a17" />
        <path
          fill={`url(#${gradientId})`}
          d="M16.6 4c.6 3.6-1 5.9-3 8.2-1.8 2-3.6 4-3.6 7.2A6 6 0 0 0 16 25.6a6 6 0 0 0 6-6.2c0-2.4-1-4.2-2.2-5.8.1 1.8-.5 3.2-1.9 3.8.6-3.8-.2-8.8-1.3-13.4Z"
        />
        <path
          fill="#fde68a"
          d="M16 25.6a3 3 0 0 1-3-3.1c0-1.7 1.2-2.8 2.4-4.3.3 1.3 1 2 2 2.4.4.7.6 1.2.6 1.9a3 3 0 0 1-2 3.1Z"
        />
      </svg>
      {wordmark ? <span className={styles.wordmark}>{wordmark}</span> : null}
    </span>
  );
}
