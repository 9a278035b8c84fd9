import {
  DERIVED_METRIC_KEYS,
  improvement,
  type CampaignMetrics,
  type DerivedMetricKey,
} from '@kindling/domain';
import clsx from 'clsx';
import { InfoTip } from '../../../ui/info-tip';
import { HELP, METRIC_HELP } from '../state/help-text';
import { formatChange, formatMetric, METRIC_LABELS } from '../state/metric-format';
import styles from './headline-cards.module.css';

function Change({ value }: { value: number }) {
  return (
    <span className={clsx(styles.change, value > 0 && styles.up, value < 0 && styles.down)}>
      {formatChange(value)}
    </span>
  );
}

/**
 * The campaign's three derived metrics over the range: what it achieved, what the original
 * did, and what the best variants of every element would achieve (potential). Picking a card
 * picks the metric the chart and the tables show.
 */
export function HeadlineCards({
  metrics,
  comparing,
  changes = true,
  blended = false,
  selected,
  onSelect,
}: {
  metrics: CampaignMetrics;
  comparing: boolean;
  /**
   * False below the minimum sample: the values show, but no change against the original and no
   * potential (the best arm picked from noise).
   */
  changes?: boolean;
  /**
   * Each element tested on its own (issue 35): no page was "the original", so neither the
   * original nor the potential (blends of elements) is shown; the combinations table has pages.
   */
  blended?: boolean;
  selected: DerivedMetricKey;
  onSelect: (metric: DerivedMetricKey) => void;
}) {
  return (
    <div className={styles.cards} role="group" aria-label="Headline metrics">
      {DERIVED_METRIC_KEYS.map((key) => {
        const metric = metrics[key];
        const lift = improvement(metric.value, metric.original);
        return (
          <div key={key} className={styles.cardWrap}>
            <button
              type="button"
              className={clsx(styles.card, key === selected && styles.selected)}
              aria-pressed={key === selected}
              onClick={() => onSelect(key)}
              data-testid={`headline-${key}`}
            >
              <span className={styles.label}>{METRIC_LABELS[key]}</span>
              <span className={styles.value}>
                {formatMetric(key, metric.value)}{' '}
                {changes && !blended ? <Change value={lift} /> : null}
              </span>
              <span className={styles.facts}>
                {blended ? (
                  <span>Each element on its own: see the pages visitors got below</span>
                ) : (
                  <span>
                    Original <strong>{formatMetric(key, metric.original)}</strong>
                  </span>
                )}
                {changes && !blended ? (
                  <span>
                    Potential <strong>{formatMetric(key, metric.potential)}</strong>{' '}
                    <Change value={metric.potentialImprovement} />
                  </span>
                ) : null}
                {comparing ? (
                  <span>
                    vs previous period{' '}
                    {metric.benchmark === 0 ? (
                      <span className={styles.change}>no data</span>
                    ) : (
                      <Change value={metric.improvement} />
                    )}
                  </span>
                ) : null}
              </span>
            </button>
            <span className={styles.help}>
              <InfoTip label={`About ${METRIC_LABELS[key].toLowerCase()}`}>
                {METRIC_HELP[key]} {HELP.headline}
              </InfoTip>
            </span>
          </div>
        );
      })}
    </div>
  );
}
