import type { Correction, DerivedMetricKey } from '@kindling/domain';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { formatCount, formatShare } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { TrashIcon } from '../../../ui/icons';
import { Switch } from '../../../ui/switch';
import { ViewOnLivePageButton } from '../../../ui/view-on-live-page-button';
import type { ArmRow, ElementRows } from '../state/element-rows';
import { HELP, METRIC_HELP } from '../state/help-text';
import { formatMetric, METRIC_LABELS } from '../state/metric-format';
import { FunnelSteps } from './funnel-steps';
import { HelpHeader } from './help-header';
import { MetricComparisons } from './metric-comparisons';
import { SrmExplanationPanel } from './srm-explanation';
import { NoFigure, UpliftFigure } from './uplift-figure';
import { VerdictPanel } from './verdict-panel';
import styles from './element-results.module.css';

const Muted = ({ children = '—' }: { children?: string }) => (
  <span className={styles.muted}>{children}</span>
);

function UpliftCell({ row, correction }: { row: ArmRow; correction: Correction | null }) {
  if (row.variantId === null) return <Muted />;
  if (row.paused) return <Muted>Paused</Muted>;
  const s = row.significance;
  if (!s?.uplift) return <NoFigure visitorsNeeded={row.visitorsNeeded} />;
  return (
    <UpliftFigure
      label={row.label}
      correction={correction}
      figures={{
        ...s.uplift,
        pValue: s.pValue,
        adjustedPValue: s.adjustedPValue,
        chanceToBeatControl: s.chanceToBeatControl,
        direction: row.direction,
      }}
    />
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

function LiveCell({
  row,
  controls,
  ended,
}: {
  row: ArmRow;
  controls: VariantControls | null;
  ended: boolean;
}) {
  const variantId = row.variantId;
  if (variantId === null) return <Muted />;
  if (!controls) return <Muted>{ended ? 'Ended' : row.isEnabled ? 'Live' : 'Paused'}</Muted>;
  return (
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
  );
}

function ArmLine({
  row,
  metric,
  controls,
  ended,
  correction,
  elementId,
  elementLabel,
  preview,
}: {
  row: ArmRow;
  metric: DerivedMetricKey;
  /** Null for a guest: the state shows, nothing can be changed. */
  controls: VariantControls | null;
  /** The test ended (issue 35): its arms are served no more. */
  ended: boolean;
  correction: Correction | null;
  elementId: number;
  elementLabel: string;
  preview: LivePreview | undefined;
}) {
  // Paused for the whole range: no figure, since none of them says anything about it.
  const figure = (value: ReactNode) => (row.paused ? <Muted /> : value);
  return (
    <tr
      className={clsx(!row.isEnabled && styles.paused)}
      data-testid={`arm-${row.key}`}
      data-paused={row.paused || undefined}
    >
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
                  variantId: row.variantId ?? 'control',
                }}
                armLabel={`${row.label} of ${elementLabel}`}
              />
            </span>
          ) : null}
        </span>
      </th>
      <td data-label="Views">{figure(formatCount(row.metrics.views))}</td>
      <td data-label="Visitors">{figure(formatCount(row.metrics.visitors))}</td>
      <td data-label={METRIC_LABELS[metric]}>
        {figure(formatMetric(metric, row.metrics[metric].value))}
      </td>
      <td data-label="Uplift">
        <UpliftCell row={row} correction={correction} />
      </td>
      <td data-label="Delivery">{figure(<DeliveryCell row={row} />)}</td>
      <td data-label="Live">
        <LiveCell row={row} controls={controls} ended={ended} />
      </td>
    </tr>
  );
}

/** Per element: the API's verdict, a row per arm, then every metric of every variant. */
export function ElementResults({
  elements,
  metric,
  controls,
  ended = false,
  preview,
}: {
  elements: ElementRows[];
  metric: DerivedMetricKey;
  /** Null for a guest or an ended test: the state shows, nothing can be changed. */
  controls: VariantControls | null;
  ended?: boolean;
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
          <VerdictPanel element={element} />
          <SrmExplanationPanel element={element} />
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Arm</th>
                  <HelpHeader name="Views" help={HELP.views} />
                  <HelpHeader name="Visitors" help={HELP.visitors} />
                  <HelpHeader name={METRIC_LABELS[metric]} help={METRIC_HELP[metric]} />
                  <HelpHeader name="Uplift" help={HELP.uplift} />
                  <HelpHeader name="Delivery" help={HELP.delivery} />
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
                    ended={ended}
                    correction={element.plan?.correction ?? null}
                    elementId={element.id}
                    elementLabel={element.label}
                    preview={preview}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {/* With the primary metric alone, its rows would repeat the uplift column. */}
          {element.byMetric.some((variant) => variant.metrics.length > 1) ? (
            <MetricComparisons element={element} />
          ) : null}
          {element.funnel.length > 1 ? (
            <FunnelSteps elementId={element.id} steps={element.funnel} rows={element.rows} />
          ) : null}
        </section>
      ))}
    </div>
  );
}
