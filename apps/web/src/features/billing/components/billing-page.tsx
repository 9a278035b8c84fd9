import { TRIAL_DAYS } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import { config } from '../../../lib/config';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { ErrorPanel } from '../../../ui/error-panel';
import { LoadingState } from '../../../ui/spinner';
import { Stack } from '../../../ui/stack';
import { billingKey, fetchBilling } from '../api/billing-api';
import { CurrentPlan } from './current-plan';
import { PlanTable } from './plan-table';
import { UsageCard } from './usage-card';
import styles from './billing-page.module.css';

export function BillingPage() {
  useDocumentTitle('Billing');
  const { slug } = useCurrentTeam();
  const billing = useQuery({ queryKey: billingKey(slug), queryFn: () => fetchBilling(slug) });

  if (billing.isPending) return <LoadingState />;
  if (billing.isError) {
    return (
      <ErrorPanel
        title="Could not load billing"
        error={billing.error}
        onRetry={() => void billing.refetch()}
      />
    );
  }
  const overview = billing.data;
  return (
    <Stack>
      {overview.paymentsEnabled ? null : (
        <div className={styles.notice} role="note" data-testid="payments-disabled">
          Payments are not configured on this server — {config.brand} runs in free self-hosted mode.
        </div>
      )}
      <CurrentPlan overview={overview} />
      <UsageCard tier={overview.tier} />
      <PlanTable overview={overview} trialDays={overview.trialDays ?? TRIAL_DAYS} />
    </Stack>
  );
}
