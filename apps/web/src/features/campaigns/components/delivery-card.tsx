import type { Campaign } from '@kindling/domain';
import { useCurrentTeam } from '../../../lib/current-team';
import { Card } from '../../../ui/card';
import { ErrorPanel } from '../../../ui/error-panel';
import { Skeleton } from '../../../ui/skeleton';
import { useCampaignCounts } from '../hooks/use-campaign-counts';
import { deliveryRows, type DeliveryRow } from '../state/delivery-rows';
import styles from './delivery-card.module.css';

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

function RenderedCell({ row }: { row: DeliveryRow }) {
  if (row.rendered === null) return <span className={styles.muted}>—</span>;
  return (
    <span>
      Rendered for {percent.format(row.rendered)} of exposures
      {row.missed > 0 ? (
        <span className={styles.muted}> ({row.missed.toLocaleString('en')} missed)</span>
      ) : null}
    </span>
  );
}

/**
 * What visitors' browsers actually showed: for each variant, the share of exposures where the
 * change was applied (the element was found before the visitor saw it) and the median time
 * from navigation start to the change, which is how long the element stayed hidden.
 */
export function DeliveryCard({ campaign }: { campaign: Campaign }) {
  const { slug } = useCurrentTeam();
  const counts = useCampaignCounts(slug, campaign.id);

  return (
    <Card
      title="Delivery"
      description="Whether visitors' browsers showed each variant, and how fast."
      data-testid="delivery"
    >
      {counts.isPending ? (
        <Skeleton style={{ height: 96 }} />
      ) : counts.isError ? (
        <ErrorPanel
          title="Could not load delivery data"
          error={counts.error}
          onRetry={() => void counts.refetch()}
        />
      ) : campaign.elements.length === 0 ? (
        <p className={styles.muted}>This campaign has no elements yet.</p>
      ) : (
        <div className={styles.elements}>
          {deliveryRows(campaign.elements, counts.data.arms).map((element) => (
            <section key={element.id} className={styles.element}>
              <h3 className={styles.elementTitle}>
                {element.label} <code className={styles.selector}>{element.selector}</code>
              </h3>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">Arm</th>
                      <th scope="col">Exposures</th>
                      <th scope="col">Rendered</th>
                      <th scope="col">Median flicker</th>
                    </tr>
                  </thead>
                  <tbody>
                    {element.rows.map((row) => (
                      <tr key={row.key} data-testid={`delivery-${element.id}-${row.key}`}>
                        <th scope="row">{row.label}</th>
                        <td data-label="Exposures">{row.exposures.toLocaleString('en')}</td>
                        <td data-label="Rendered">
                          <RenderedCell row={row} />
                        </td>
                        <td data-label="Median flicker">
                          {row.medianAppliedMs === null ? (
                            <span className={styles.muted}>—</span>
                          ) : (
                            `${Math.round(row.medianAppliedMs).toLocaleString('en')} ms`
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}
