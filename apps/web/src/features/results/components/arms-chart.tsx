import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { AXIS_STYLE } from '../../../lib/chart-style';
import type { ArmChartPoint } from '../state/chart-points';
import styles from './results-chart.module.css';

export interface ChartArm {
  key: string;
  label: string;
  color: string;
}

function ArmsTooltip({
  active,
  payload,
  arms,
  format,
}: Partial<TooltipContentProps<number, string>> & {
  arms: readonly ChartArm[];
  format: (value: number) => string;
}) {
  const point = payload?.[0]?.payload as ArmChartPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className={styles.tooltip} data-testid="chart-tooltip">
      <div className={styles.tooltipTitle}>{point.title}</div>
      {arms.map((arm) => {
        const value = point.values[arm.key];
        return (
          <div key={arm.key} className={styles.tooltipRow}>
            <span className={styles.swatch} style={{ background: arm.color }} />
            {arm.label}:{' '}
            <strong>{value === null || value === undefined ? '—' : format(value)}</strong>
          </div>
        );
      })}
    </div>
  );
}

/**
 * One line per arm of an element, straight segments between the intervals' values (no
 * smoothing to invent a curve between them), with a legend naming the arms.
 */
export function ArmsChart({
  points,
  arms,
  format,
  'data-testid': testId,
}: {
  points: ArmChartPoint[];
  arms: readonly ChartArm[];
  format: (value: number) => string;
  'data-testid'?: string;
}) {
  const dots = points.length <= 31;
  return (
    <div className={styles.wrap}>
      <div
        className={styles.chart}
        data-testid={testId}
        data-points={points.length}
        data-lines={arms.length}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="label" {...AXIS_STYLE} minTickGap={24} />
            <YAxis tickFormatter={format} {...AXIS_STYLE} width={64} />
            {/* Null values kept: an interval no arm had views in still shows its date, with "—". */}
            <Tooltip filterNull={false} content={<ArmsTooltip arms={arms} format={format} />} />
            {arms.map((arm) => (
              <Line
                key={arm.key}
                type="linear"
                dataKey={(point: ArmChartPoint) => point.values[arm.key] ?? null}
                name={arm.label}
                stroke={arm.color}
                strokeWidth={2}
                dot={dots ? { r: 3, fill: arm.color, strokeWidth: 0 } : false}
                activeDot={{ r: 4 }}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ul className={styles.legend} aria-label="Lines">
        {arms.map((arm) => (
          <li key={arm.key} className={styles.legendItem}>
            <span className={styles.line} style={{ background: arm.color }} />
            {arm.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
