import type { PerformanceFigures } from '@kindling/domain';
import clsx from 'clsx';
import { lazy, Suspense, type ReactNode } from 'react';
import { formatChange, formatCount, formatShare, pluralize } from '../../../lib/format';
import { Skeleton } from '../../../ui/skeleton';
import { VerdictBadge } from '../../../ui/verdict-badge';
import styles from './campaign-row-figures.module.css';

// recharts is loaded with the first row that has figures, not with the list.
const ConversionSparkline = lazy(async () => ({
  default: (await import('./conversion-sparkline')).ConversionSparkline,
}));

const SPARKLINE_SIZE = { width: 80, height: 28 } as const;

function Figure({
  label,
  name,
  children,
  wide,
}: {
  label: string;
  name: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={clsx(styles.figure, wide && styles.wide)}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value} data-testid={`figure-${name}`}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The API's verdict of the campaign (its lead element's, over its whole life): the state, the
 * change of the variant it names, and its sentence, as the results page says them.
 */
function CampaignVerdict({ figures }: { figures: PerformanceFigures }) {
  const { verdict } = figures;
  if (!verdict) return <span className={styles.muted}>No elements to test yet</span>;
  const uplift = verdict.uplift?.estimate;
  return (
    <span className={styles.verdict} data-verdict={verdict.state}>
      <span className={styles.verdictTop}>
        <VerdictBadge state={verdict.state} />
        {uplift === undefined ? null : (
          <span className={clsx(uplift > 0 && styles.up, uplift < 0 && styles.down)}>
            {formatChange(uplift)}
          </span>
        )}
      </span>
      <span className={styles.summary} title={verdict.summary} data-testid="verdict-summary">
        {verdict.summary}
      </span>
    </span>
  );
}

/**
 * A campaign's headline figures in its row (GET /campaign/performance/campaigns): views,
 * conversions, conversion rate, the API's verdict, and the last 30 days' conversions per day.
 * Placeholders while the figures load.
 */
export function CampaignRowFigures({ figures }: { figures: PerformanceFigures | undefined }) {
  if (!figures) {
    return (
      <div className={styles.figures} aria-busy="true" data-testid="campaign-figures-loading">
        <Skeleton className={styles.placeholder} />
      </div>
    );
  }
  const { last30Days } = figures;
  return (
    <div className={styles.figures} data-testid="campaign-figures">
      <dl className={styles.list}>
        <Figure label="Views" name="views">
          {formatCount(figures.views)}
        </Figure>
        <Figure label="Conversions" name="conversions">
          {formatCount(figures.conversions)}
          <span className={styles.sub} data-testid="figure-conversion-rate">
            {formatShare(figures.conversionRate)} rate
          </span>
        </Figure>
        <Figure label="Verdict" name="verdict" wide>
          <CampaignVerdict figures={figures} />
        </Figure>
      </dl>
      <div
        className={styles.spark}
        role="img"
        aria-label={`${pluralize(last30Days.conversions, 'conversion')} in the last 30 days`}
        title={`${pluralize(last30Days.conversions, 'conversion')} in the last 30 days`}
        data-testid="campaign-sparkline"
        data-daily={last30Days.daily.join(',')}
      >
        <Suspense fallback={<span className={styles.sparkBox} />}>
          <ConversionSparkline daily={last30Days.daily} {...SPARKLINE_SIZE} />
        </Suspense>
        <span className={styles.sparkLabel} aria-hidden="true">
          30 days
        </span>
      </div>
    </div>
  );
}
