import clsx from 'clsx';
import type { ReactNode } from 'react';
import { ClockIcon, WarningIcon } from './icons';
import styles from './note-banner.module.css';

const ICONS = { muted: ClockIcon, warning: WarningIcon } as const;

/**
 * A note in the page, with an icon, a title and a sentence or two: `muted` for what only needs
 * patience (not enough data yet), `warning` for what a person should know before acting.
 */
export function NoteBanner({
  tone,
  title,
  children,
  className,
  testId,
}: {
  tone: keyof typeof ICONS;
  title: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const Icon = ICONS[tone];
  return (
    <div
      className={clsx(styles.banner, tone === 'warning' && styles.warning, className)}
      role="note"
      data-testid={testId}
    >
      <Icon className={styles.icon} size={20} />
      <div className={styles.body}>
        <strong className={styles.title}>{title}</strong>
        <p className={styles.text}>{children}</p>
      </div>
    </div>
  );
}
