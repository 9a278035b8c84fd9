import type { DerivedMetricKey } from '@kindling/domain';
import clsx from 'clsx';
import { formatCount, formatShare } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { TrashIcon } from '../../../ui/icons';
import { ViewOnLivePageButton } from '../../../ui/view-on-live-page-button';
import { Switch } from '../../../ui/switch';
import type { ArmRow, ElementRows } from '../state/element-rows';
import { formatChance, formatChange, formatMetric, METRIC_LABELS } from '../state/metric-format';
import { FunnelSteps } from './funnel-steps';
import { VerdictLine } from './verdict-line';
import styles from './element-results.module.css';

const Muted = ({ children = '—' }: { children?: string }) => (
  <span className={styles.muted}>{children}</span>
);

function Signed({ value }: { value: number }) {
  return (
    <span className={clsx(value > 0 && styles.up, value < 0 && styles.down)}>
      {formatChange(value)}
    </span>
  );
}

function UpliftCell({ row }: { row: ArmRow }) {
  const uplift = row.significance?.uplift;
  if (!uplift) return <Muted />;
  return (
    <span>
      <Signed value={uplift.estimate} />
      {uplift.ci95 ? (
        <span className={styles.interval}>
          {formatChange(uplift.ci95[0])} to {formatChange(uplift.ci95[1])}
        </span>
      ) : null}
    </span>
  );
}

function DeliveryCell({ row }: { row: ArmRow }) {
  const { rendered, missed, medianAppliedMs } = row.delivery;
  if (rendered === null) return <Muted />;
  return (
    <span>
      Rendered for {formatShare(rendered)}
      {medianAppliedMs !== null ? (
        <span className={styles.muted}> · {Math.round(medianAppliedMs)} ms</span>
      ) : null}
      {missed > 0 ? <span className={styles.muted}> · {formatCount(missed)} missed</span> : null}
    </span>
  );
}

/** Set when the team has "View variant" on: each row links to its arm on the live page. */
export interface LivePreview {
  team: string;
  campaignId: number;
}

interface VariantControls {
  setEnabled: (id: number, isEnabled: boolean) => void;
  pendingId: number | null;
  remove: (variant: { id: number; label: string }) => Promise<void>;
}

function ArmLine({
  row,
  metric,
  controls,
  elementId,
  elementLabel,
  preview,
}: {
  row: ArmRow;
  metric: DerivedMetricKey;
  /** Null for a guest: the state shows, nothing can be changed. */
  controls: VariantControls | null;
  elementId: number;
  elementLabel: string;
  preview: LivePreview | undefined;
}) {
  const value = row.metrics[metric];
  const variantId = row.variantId;
  return (
    <tr className={clsx(!row.isEnabled && styles.paused)} data-testid={`arm-${row.key}`}>
      <th scope="row">
        <span className={styles.arm}>
          {row.label}
          <span className={styles.content} title={row.content}>
            {row.content}
          </span>
          {preview ? (
            <span>
              <ViewOnLivePageButton
                team={preview.team}
                target={{
                  campaignId: preview.campaignId,
                  elementId,
                  variantId: variantId ?? 'control',
                }}
                armLabel={`${row.label} of ${elementLabel}`}
              />
            </span>
          ) : null}
        </span>
      </th>
      <td data-label="Views">{formatCount(row.metrics.views)}</td>
      <td data-label="Visitors">{formatCount(row.metrics.visitors)}</td>
      <td data-label={METRIC_LABELS[metric]}>{formatMetric(metric, value.value)}</td>
      <td data-label="Improvement">
        {variantId === null ? <Muted /> : <Signed value={row.overOriginal[metric]} />}
      </td>
      <td data-label="Chance to beat original">
        {row.significance ? formatChance(row.significance.chanceToBeatControl) : <Muted />}
      </td>
      <td data-label="Uplift (95% interval)">
        <UpliftCell row={row} />
      </td>
      <td data-label="Delivery">
        <DeliveryCell row={row} />
      </td>
      <td data-label="Live">
        {variantId === null ? (
          <Muted />
        ) : !controls ? (
          <Muted>{row.isEnabled ? 'Live' : 'Paused'}</Muted>
        ) : (
          <span className={styles.actions}>
            <Switch
              size="sm"
              checked={row.isEnabled}
              disabled={controls.pendingId === variantId}
              label={`${row.isEnabled ? 'Pause' : 'Resume'} ${row.label}`}
              onCheckedChange={(checked) => controls.setEnabled(variantId, checked)}
            />
            <Button
              variant="ghost"
              color="danger"
              size="sm"
              aria-label={`Delete ${row.label}`}
              icon={<TrashIcon size={14} />}
              onClick={() => void controls.remove({ id: variantId, label: row.label })}
            />
          </span>
        )}
      </td>
    </tr>
  );
}

/** Per element: its verdict and a row per arm against the original. */
export function ElementResults({
  elements,
  metric,
  controls,
  preview,
}: {
  elements: ElementRows[];
  metric: DerivedMetricKey;
  /** Null for a guest: the state shows, nothing can be changed. */
  controls: VariantControls | null;
  preview?: LivePreview;
}) {
  return (
    <div className={styles.elements}>
      {elements.map((element) => (
        <section key={element.id} className={styles.element} data-testid={`element-${element.id}`}>
          <div className={styles.header}>
            <h3 className={styles.elementTitle}>
              {element.label} <code className={styles.selector}>{element.selector}</code>
            </h3>
          </div>
          <VerdictLine element={element} />
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Arm</th>
                  <th scope="col">Views</th>
                  <th scope="col">Visitors</th>
                  <th scope="col">{METRIC_LABELS[metric]}</th>
                  <th scope="col">Improvement</th>
                  <th scope="col" title="Converted visitors, Bayesian, uniform priors">
                    Chance to beat original
                  </th>
                  <th scope="col">Uplift (95% interval)</th>
                  <th scope="col" title="Since the campaign started">
                    Delivery
                  </th>
                  <th scope="col">Live</th>
                </tr>
              </thead>
              <tbody>
                {element.rows.map((row) => (
                  <ArmLine
                    key={row.key}
                    row={row}
                    metric={metric}
                    controls={controls}
                    elementId={element.id}
                    elementLabel={element.label}
                    preview={preview}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {element.funnel.length > 1 ? (
            <FunnelSteps elementId={element.id} steps={element.funnel} rows={element.rows} />
          ) : null}
        </section>
      ))}
    </div>
  );
}
