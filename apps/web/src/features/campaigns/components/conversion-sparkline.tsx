import { useId } from 'react';
import { Area, AreaChart, YAxis } from 'recharts';
import { CHART_FILL, chartColor } from '../../../lib/chart-style';

/**
 * Conversions per day, oldest first, in the results charts' colour and fill (spec section 9).
 * A fixed size: a row has no room to measure, and nothing shifts when it loads. Loaded apart
 * from the list (campaign-row-figures.tsx), so recharts stays out of the list's first chunk.
 */
export function ConversionSparkline({
  daily,
  width,
  height,
}: {
  daily: readonly number[];
  width: number;
  height: number;
}) {
  const gradient = `spark${useId().replace(/[^\w-]/g, '')}`;
  const data = daily.map((value, day) => ({ day, value }));
  return (
    <AreaChart
      width={width}
      height={height}
      data={data}
      margin={{ top: 2, right: 1, bottom: 1, left: 1 }}
      accessibilityLayer={false}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={CHART_FILL.top} />
          <stop offset="100%" stopColor={CHART_FILL.bottom} />
        </linearGradient>
      </defs>
      {/* A flat line of zeros sits on the floor rather than in the middle. */}
      <YAxis hide domain={[0, (max: number) => Math.max(max, 1)]} />
      <Area
        type="monotone"
        dataKey="value"
        stroke={chartColor()}
        strokeWidth={1.5}
        fill={`url(#${gradient})`}
        dot={false}
        activeDot={false}
        isAnimationActive={false}
      />
    </AreaChart>
  );
}
