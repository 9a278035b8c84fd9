import { MINIMUM_VISITORS_PER_ARM } from '@kindling/domain';
import { formatCount } from '../../../lib/format';
import styles from './results-notes.module.css';

/**
 * Said in the page, once, while some element has too few visitors for any figure: the page
 * stays usable (no dialog to dismiss on every visit) and each element says what it still needs.
 */
export function NotEnoughDataNotice() {
  return (
    <div className={styles.notice} role="note" data-testid="not-enough-data-notice">
      <svg
        className={styles.icon}
        width={20}
        height={20}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </svg>
      <div>
        <strong className={styles.title}>Not enough data yet</strong>
        <p className={styles.text}>
          Until the original and each variant have {formatCount(MINIMUM_VISITORS_PER_ARM)} visitors,
          differences between them are mostly chance, so no uplift, chance to beat or verdict is
          shown: only how many more visitors are needed. Nothing to do but keep the campaign
          running.
        </p>
      </div>
    </div>
  );
}
