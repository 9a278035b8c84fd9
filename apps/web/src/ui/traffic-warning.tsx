import type { TrafficConcentration } from '@kindling/domain';
import clsx from 'clsx';
import styles from './traffic-warning.module.css';

/**
 * The server's warning that a campaign's counted traffic comes from few network addresses, so
 * nothing automatic acts on it (stops, bandit shares, notices). Shows the API's words as they
 * are; nothing when the traffic is not concentrated.
 */
export function TrafficWarning({
  traffic,
  className,
}: {
  traffic: TrafficConcentration;
  className?: string;
}) {
  if (!traffic.concentrated || !traffic.text) return null;
  return (
    <div className={clsx(styles.warning, className)} role="note" data-testid="traffic-warning">
      <svg
        className={styles.icon}
        width={20}
        height={20}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        <path d="M12 9v4M12 17h.01" />
      </svg>
      <div className={styles.body}>
        <strong className={styles.title}>Traffic from few network addresses</strong>
        <p className={styles.text}>{traffic.text}</p>
      </div>
    </div>
  );
}
