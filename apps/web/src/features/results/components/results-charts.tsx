import type { Campaign, DerivedMetricKey } from '@kindling/domain';
import { useState } from 'react';
import { armColor } from '../../../lib/chart-style';
import { elementName, variantName } from '../../../lib/campaign-names';
import { formatCount } from '../../../lib/format';
import { SelectField } from '../../../ui/field';
import { SegmentedControl } from '../../../ui/segmented-control';
import {
  armChartPoints,
  chartPoints,
  countMeasure,
  COUNT_KINDS,
  METRIC_MODES,
  type CountKind,
  type MetricMode,
} from '../state/chart-points';
import { formatMetric, METRIC_LABELS } from '../state/metric-format';
import type { StatsAnswer } from '../state/stats-answer';
import { ArmsChart, type ChartArm } from './arms-chart';
import { ResultsChart } from './results-chart';
import styles from './campaign-results.module.css';

/**
 * The chosen metric over time, a line per arm of one element (picked when the campaign has
 * several), and the campaign's traffic; both start when the campaign did.
 */
export function ResultsCharts({
  campaign,
  answer,
  metric,
}: {
  campaign: Campaign;
  answer: StatsAnswer;
  metric: DerivedMetricKey;
}) {
  const [mode, setMode] = useState<MetricMode>('cumulative');
  const [count, setCount] = useState<CountKind>('views');
  const [picked, setPicked] = useState<number | null>(null);
  const elements = campaign.elements;
  const element = elements.find((e) => e.id === picked) ?? elements[0];
  const stats = element ? answer.elements[String(element.id)] : undefined;
  // A variant paused for the whole range has no line to draw: it is left out of the legend too.
  const arms: ChartArm[] = element
    ? [
        { key: 'control', label: 'Original', color: armColor(null) },
        ...element.variants.flatMap((variant, index) =>
          stats?.variants[String(variant.id)]?.paused
            ? []
            : [{ key: String(variant.id), label: variantName(index), color: armColor(index) }],
        ),
      ]
    : [];
  const startedAt = campaign.createdAt;
  return (
    <>
      <section className={styles.panel} aria-label="Metric over time">
        <div className={styles.panelHeader}>
          <h3 className={styles.panelTitle}>{METRIC_LABELS[metric]} over time</h3>
          <div className={styles.controls}>
            {elements.length > 1 ? (
              <SelectField
                label="Element"
                value={String(element?.id ?? '')}
                onChange={(event) => setPicked(Number(event.target.value))}
                data-testid="chart-element"
              >
                {elements.map((e, index) => (
                  <option key={e.id} value={e.id}>
                    {elementName(e, index)}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <SegmentedControl
              legend="Mode"
              name="mode"
              value={mode}
              options={METRIC_MODES}
              onChange={setMode}
            />
          </div>
        </div>
        <ArmsChart
          data-testid="metric-chart"
          arms={arms}
          points={armChartPoints({
            answer,
            element: stats,
            arms,
            metric,
            mode,
            startedAt,
          })}
          format={(value) => formatMetric(metric, value)}
        />
      </section>
      <section className={styles.panel} aria-label="Traffic over time">
        <div className={styles.panelHeader}>
          <h3 className={styles.panelTitle}>Traffic</h3>
          <SegmentedControl
            legend="Count"
            name="count"
            value={count}
            options={COUNT_KINDS}
            onChange={setCount}
          />
        </div>
        <ResultsChart
          data-testid="traffic-chart"
          points={chartPoints(answer, countMeasure(count), mode, startedAt)}
          format={formatCount}
          seriesName={COUNT_KINDS.find((k) => k.value === count)!.label}
          compareName="Previous period"
        />
      </section>
    </>
  );
}
