import type { CampaignMetrics } from '@kindling/domain';
import { Card } from '../../../ui/card';
import { CampaignsIcon } from '../../../ui/icons';
import styles from './campaign-stats-placeholder.module.css';

/**
 * Honest until statistics ship: totals when the server has any, otherwise "No traffic yet".
 * Charts and comparisons come with the statistics feature.
 */
export function CampaignStatsPlaceholder({ metrics }: { metrics: CampaignMetrics | null }) {
  const hasTraffic = metrics !== null && metrics.views > 0;
  const totals: [string, number][] = metrics
    ? [
        ['Views', metrics.views],
        ['Visitors', metrics.visitors],
        ['Sessions', metrics.sessions],
        ['Conversions', metrics.conversions],
      ]
    : [];

  return (
    <Card title="Results" description="How your variants perform against the original.">
      {hasTraffic ? (
        <dl className={styles.totals} data-testid="campaign-totals">
          {totals.map(([label, value]) => (
            <div key={label} className={styles.total}>
              <dt>{label}</dt>
              <dd>{value.toLocaleString()}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className={styles.empty} data-testid="no-traffic">
          <span className={styles.icon}>
            <CampaignsIcon size={24} />
          </span>
          <h3 className={styles.title}>No traffic yet</h3>
          <p className={styles.text}>
            Results appear here once visitors see this campaign. Each variant is compared with the
            original on conversions per view, conversions per session and revenue per session.
          </p>
        </div>
      )}
    </Card>
  );
}
