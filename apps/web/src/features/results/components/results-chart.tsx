import { useId } from 'react';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { AXIS_STYLE, CHART_FILL, chartColor } from '../../../lib/chart-style';
import type { ChartPoint } from '../state/chart-points';
import styles from './results-chart.module.css';

const COMPARE_COLOR = 'rgba(100,116,139,1)';

interface ResultsChartProps {
  points: ChartPoint[];
  format: (value: number) => string;
  /** Names of the two lines in the tooltip. */
  seriesName: string;
  compareName: string;
  'data-testid'?: string;
}

function PointTooltip({
  active,
  payload,
  format,
  seriesName,
  compareName,
}: Partial<TooltipContentProps<number, string>> & {
  format: (value: number) => string;
  seriesName: string;
  compareName: string;
}) {
  const point = payload?.[0]?.payload as ChartPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className={styles.tooltip} data-testid="chart-tooltip">
      <div className={styles.tooltipTitle}>{point.title}</div>
      <div className={styles.tooltipRow}>
        <span className={styles.swatch} style={{ background: chartColor() }} />
        {seriesName}: <strong>{format(point.value)}</strong>
      </div>
      {point.compareValue !== null ? (
        <div className={styles.tooltipRow}>
          <span className={styles.swatch} style={{ background: COMPARE_COLOR }} />
          {compareName}: <strong>{format(point.compareValue)}</strong>
        </div>
      ) : null}
    </div>
  );
}

/**
 * One measure over time in the default colour with its fill gradient (spec section 9), and the
 * comparison period dashed beside it.
 */
export function ResultsChart({
  points,
  format,
  seriesName,
  compareName,
  'data-testid': testId,
}: ResultsChartProps) {
  const gradient = useId().replaceAll(':', '');
  const comparing = points.some((point) => point.compareValue !== null);
  return (
    <div className={styles.chart} data-testid={testId} data-points={points.length}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={CHART_FILL.top} />
              <stop offset="100%" stopColor={CHART_FILL.bottom} />
            </linearGradient>
          </defs>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" {...AXIS_STYLE} minTickGap={24} />
          <YAxis tickFormatter={format} {...AXIS_STYLE} width={64} />
          <Tooltip
            content={
              <PointTooltip format={format} seriesName={seriesName} compareName={compareName} />
            }
          />
          <Area
            type="linear"
            dataKey="value"
            name={seriesName}
            stroke={chartColor()}
            strokeWidth={2}
            fill={`url(#${gradient})`}
            isAnimationActive={false}
          />
          {comparing ? (
            <Line
              type="linear"
              dataKey="compareValue"
              name={compareName}
              stroke={COMPARE_COLOR}
              strokeDasharray="4 4"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ) : null}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
