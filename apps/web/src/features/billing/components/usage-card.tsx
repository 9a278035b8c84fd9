import { CHART_LABEL_FORMATS, type SubscriptionTier } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { AXIS_STYLE, CHART_FILL, chartColor } from '../../../lib/chart-style';
import { useCurrentTeam } from '../../../lib/current-team';
import { formatCount, formatShare } from '../../../lib/format';
import { Card } from '../../../ui/card';
import { ErrorPanel } from '../../../ui/error-panel';
import { Skeleton } from '../../../ui/skeleton';
import { fetchUsage, usageKey } from '../api/billing-api';
import { usageSummary } from '../state/usage-summary';
import { AllowanceBars } from './allowance-bars';
import styles from './usage-card.module.css';

/** "yyyy-mm" read as the first of that month, local midnight, so it prints as that day. */
const monthDate = (month: string) => new Date(`${month}-01T00:00:00`);

/** Exposures per month (page views that carried a campaign) against the plan's allowance. */
export function UsageCard({ tier }: { tier: SubscriptionTier }) {
  const { slug } = useCurrentTeam();
  const usage = useQuery({ queryKey: usageKey(slug), queryFn: () => fetchUsage(slug) });

  return (
    <Card
      title="Usage"
      description="What the plan allows this month (UTC), and page views that carried a campaign, per calendar month."
      data-testid="usage"
    >
      <AllowanceBars />
      <hr className={styles.rule} />
      {usage.isPending ? (
        <Skeleton style={{ height: 220 }} />
      ) : usage.isError ? (
        <ErrorPanel
          title="Could not load usage"
          error={usage.error}
          onRetry={() => void usage.refetch()}
        />
      ) : (
        <UsageFigures months={usage.data.months} tier={tier} />
      )}
    </Card>
  );
}

function UsageFigures({
  months,
  tier,
}: {
  months: { month: string; exposures: number }[];
  tier: SubscriptionTier;
}) {
  const summary = usageSummary({ months }, tier);
  const points = months.map((month) => ({
    ...month,
    label: format(monthDate(month.month), CHART_LABEL_FORMATS.other),
    title: format(monthDate(month.month), 'MMMM yyyy'),
  }));
  return (
    <div className={styles.body}>
      {/* The allowance bars above carry this month's meter; this part is the history. */}
      <h3 className={styles.subheading}>Views per month</h3>
      <p className={styles.summary} data-testid="usage-this-month">
        <strong>{formatCount(summary.thisMonth)}</strong>{' '}
        {summary.allowance === null
          ? 'exposures this month. No plan, no monthly limit.'
          : `of ${formatCount(summary.allowance)} exposures this month (${formatShare(summary.share ?? 0)}).`}
      </p>
      <div className={styles.chart} data-testid="usage-chart" data-points={points.length}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="label" {...AXIS_STYLE} />
            <YAxis tickFormatter={formatCount} {...AXIS_STYLE} width={64} allowDecimals={false} />
            <Tooltip
              cursor={{ fill: 'var(--surface-sunken)' }}
              formatter={(value) => [formatCount(Number(value)), 'Exposures']}
              labelFormatter={(_label, payload) =>
                (payload?.[0]?.payload as { title?: string } | undefined)?.title ?? ''
              }
            />
            <Bar
              dataKey="exposures"
              fill={CHART_FILL.top}
              stroke={chartColor()}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
            {summary.showAllowance && summary.allowance !== null ? (
              <ReferenceLine
                y={summary.allowance}
                stroke="var(--danger-600)"
                strokeDasharray="4 4"
                ifOverflow="extendDomain"
                label={{ value: 'Plan limit', position: 'insideTopRight', fontSize: 12 }}
              />
            ) : null}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
