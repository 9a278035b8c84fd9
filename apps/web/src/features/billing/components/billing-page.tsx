import { CARD_PAYMENT_MESSAGES, TRIAL_DAYS } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { config } from '../../../lib/config';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { ErrorPanel } from '../../../ui/error-panel';
import { LoadingState } from '../../../ui/spinner';
import { Stack } from '../../../ui/stack';
import { billingKey, fetchBilling, type BillingOverview } from '../api/billing-api';
import { useStripeScript } from '../hooks/use-stripe-script';
import { CurrentPlan } from './current-plan';
import { PLANS_ANCHOR, PlanTable } from './plan-table';
import { UsageCard } from './usage-card';
import styles from './billing-page.module.css';

/** The settings a self-hoster sets to take card payments (README, "Configuration"). */
const PAYMENT_SETTINGS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'];

function SelfHostedNotice() {
  return (
    <div className={styles.notice} role="note" data-testid="payments-disabled">
      <p>
        {CARD_PAYMENT_MESSAGES.notConfigured} {config.brand} runs in free self-hosted mode: every
        feature is available and no card is needed.
      </p>
      <p className={styles.how}>
        To take card payments through Stripe, set{' '}
        {PAYMENT_SETTINGS.map((name, index) => (
          <span key={name}>
            {index > 0 ? (index === PAYMENT_SETTINGS.length - 1 ? ' and ' : ', ') : null}
            <code>{name}</code>
          </span>
        ))}{' '}
        (and <code>STRIPE_PRODUCT_STARTER</code>, <code>STRIPE_PRODUCT_STANDARD</code> and{' '}
        <code>STRIPE_PRODUCT_BUSINESS</code> to your Stripe products), then restart the server.
      </p>
    </div>
  );
}

/** Spec section 8: the card payment provider's script could not be used. */
function ScriptNotice({ stripe }: { stripe: BillingOverview['stripe'] }) {
  const script = useStripeScript(stripe);
  if (script.status !== 'unavailable' && script.status !== 'failed') return null;
  return (
    <div className={styles.warning} role="alert" data-testid={`stripe-script-${script.status}`}>
      {script.message}
    </div>
  );
}

function CheckoutReturnNotice({ confirmed }: { confirmed: boolean }) {
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  if (outcome === 'success') {
    return (
      <div className={styles.notice} role="status" data-testid="checkout-success">
        {confirmed
          ? 'Thank you! Stripe has confirmed your plan.'
          : 'Thank you! Your plan shows here as soon as Stripe confirms it, usually within seconds.'}
      </div>
    );
  }
  if (outcome === 'cancelled') {
    return (
      <div className={styles.notice} role="status" data-testid="checkout-cancelled">
        Checkout cancelled: nothing was charged.
      </div>
    );
  }
  return null;
}

export function BillingPage() {
  useDocumentTitle('Billing');
  const { slug } = useCurrentTeam();
  const [params] = useSearchParams();
  const returnedFromCheckout = params.get('checkout') === 'success';
  const billing = useQuery({
    queryKey: billingKey(slug),
    queryFn: () => fetchBilling(slug),
    // Back from Stripe before its webhook arrived: look again until the plan shows.
    refetchInterval: (query) =>
      returnedFromCheckout && query.state.data?.state === 'none' && query.state.dataUpdateCount < 20
        ? 3000
        : false,
  });

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
      {overview.paymentsEnabled ? (
        <>
          <ScriptNotice stripe={overview.stripe} />
          <CheckoutReturnNotice confirmed={overview.state !== 'none'} />
        </>
      ) : (
        <SelfHostedNotice />
      )}
      <CurrentPlan overview={overview} plansAnchor={PLANS_ANCHOR} />
      <UsageCard tier={overview.tier} />
      <PlanTable overview={overview} trialDays={overview.trialDays ?? TRIAL_DAYS} />
    </Stack>
  );
}
