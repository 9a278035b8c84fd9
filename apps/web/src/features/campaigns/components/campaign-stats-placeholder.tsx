import { Card } from '../../../ui/card';
import { CampaignsIcon } from '../../../ui/icons';
import type { CampaignTotals } from '../state/campaign-totals';
import styles from './campaign-stats-placeholder.module.css';

/** The campaign's counted totals, or "No traffic yet" before the first exposure. */
export function CampaignStatsPlaceholder({ totals }: { totals: CampaignTotals | null }) {
  const figures: [string, number][] = totals
    ? [
        ['Views', totals.views],
        ['Visitors', totals.visitors],
        ['Sessions', totals.sessions],
        ['Conversions', totals.conversions],
      ]
    : [];

  return (
    <Card title="Results" description="How your variants perform against the original.">
      {totals ? (
        <dl className={styles.totals} data-testid="campaign-totals">
          {figures.map(([label, value]) => (
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
