import { ENTITLEMENT_MESSAGES, type AllowanceOverview, type Allowances } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useCurrentTeam } from '../../../lib/current-team';
import { formatCount } from '../../../lib/format';
import { ErrorPanel } from '../../../ui/error-panel';
import { Skeleton } from '../../../ui/skeleton';
import { allowancesKey, fetchAllowances } from '../api/billing-api';
import styles from './allowance-bars.module.css';

const ROWS: { key: keyof Allowances; label: string }[] = [
  { key: 'runningCampaigns', label: 'Running campaigns' },
  { key: 'monthlyExposures', label: 'Views this month' },
  { key: 'monthlyAiGenerations', label: 'AI generations this month' },
];

/** The plan's allowances against this month's use: one bar each, or "Unlimited on this server". */
export function AllowanceBars() {
  const { slug } = useCurrentTeam();
  const query = useQuery({ queryKey: allowancesKey(slug), queryFn: () => fetchAllowances(slug) });
  if (query.isPending) return <Skeleton style={{ height: 120 }} />;
  if (query.isError) {
    return (
      <ErrorPanel
        title="Could not load the plan's allowances"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <AllowanceList overview={query.data} />;
}

function AllowanceList({ overview }: { overview: AllowanceOverview }) {
  const note = allowanceNote(overview);
  return (
    <div className={styles.list} data-testid="allowances" data-basis={overview.basis}>
      {ROWS.map(({ key, label }) => (
        <AllowanceRow
          key={key}
          label={label}
          used={overview.used[key]}
          allowed={overview.allowances[key]}
          testId={`allowance-${key}`}
        />
      ))}
      {note ? (
        <p className={styles.note} data-testid="allowance-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}

function AllowanceRow(props: {
  label: string;
  used: number;
  allowed: number | null;
  testId: string;
}) {
  const { label, used, allowed, testId } = props;
  const share = allowed === null ? 0 : allowed === 0 ? 1 : Math.min(1, used / allowed);
  return (
    <div className={styles.row} data-testid={testId}>
      <div className={styles.heading}>
        <span className={styles.label}>{label}</span>
        <span className={styles.figure}>
          {allowed === null ? (
            <>
              <strong>{formatCount(used)}</strong> · {ENTITLEMENT_MESSAGES.unlimited}
            </>
          ) : (
            <>
              <strong>{formatCount(used)}</strong> of {formatCount(allowed)}
            </>
          )}
        </span>
      </div>
      {allowed === null ? null : (
        <div
          className={styles.meter}
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={allowed}
          aria-valuenow={used}
        >
          <span
            className={styles.fill}
            style={{ width: `${share * 100}%` }}
            data-full={used >= allowed}
          />
        </div>
      )}
    </div>
  );
}

/** What the bars do not say: an ended plan's grace, or views used up for the month. */
function allowanceNote(overview: AllowanceOverview): string | null {
  const { basis, graceEndsAt, used, allowances } = overview;
  if (basis === 'trial_ended' || basis === 'period_ended' || basis === 'unknown_plan') {
    if (graceEndsAt && Date.parse(graceEndsAt) > Date.now()) {
      return ENTITLEMENT_MESSAGES.graceUntil(format(new Date(graceEndsAt), 'd MMMM yyyy'));
    }
    return ENTITLEMENT_MESSAGES.graceOver;
  }
  const views = allowances.monthlyExposures;
  return views !== null && used.monthlyExposures >= views ? ENTITLEMENT_MESSAGES.viewsCapped : null;
}
