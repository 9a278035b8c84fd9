import type { CampaignEnd } from '@kindling/domain';
import { formatDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { CheckIcon } from '../../../ui/icons';
import styles from './campaign-end-banner.module.css';

/** "Ended on {date}: Variant 2 rolled out", what visitors see now, and the rollout's button. */
export function CampaignEndBanner({
  end,
  timeZone,
  onRemoveRollout,
  removing = false,
}: {
  end: CampaignEnd;
  timeZone: string;
  /** Undefined for people who change nothing (viewers, guests). */
  onRemoveRollout?: (() => void) | undefined;
  removing?: boolean;
}) {
  const date = (iso: string) => formatDate(iso, timeZone);
  const views = end.rolloutViews.toLocaleString();
  return (
    <section className={styles.banner} data-testid="campaign-end-banner" aria-label="Test ended">
      <CheckIcon className={styles.icon} size={20} />
      <div className={styles.body}>
        <h2 className={styles.title} data-testid="campaign-end-title">
          Ended on {date(end.endedAt)}: {end.outcome}
        </h2>
        <p className={styles.text}>
          {end.serving
            ? `Every visitor sees it until you remove the rollout: ${views} page ${end.rolloutViews === 1 ? 'view' : 'views'} since the end, counted apart from the results below. Ship it in code, then remove the rollout${end.remindAt ? ` (we remind you on ${date(end.remindAt)})` : ''}.`
            : end.rolloutRemovedAt
              ? `The rollout was removed on ${date(end.rolloutRemovedAt)} after ${views} page ${end.rolloutViews === 1 ? 'view' : 'views'}: visitors see the page as you made it.`
              : 'Visitors see the page as you made it.'}{' '}
          The results stay as they were when the test ended.
        </p>
      </div>
      {end.serving && onRemoveRollout ? (
        <Button
          variant="outline"
          color="secondary"
          className={styles.action}
          loading={removing}
          onClick={onRemoveRollout}
          data-testid="remove-rollout"
        >
          Remove rollout
        </Button>
      ) : null}
    </section>
  );
}
