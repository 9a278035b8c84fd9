import type { BillingInterval, CheckoutTier, Plan, SubscriptionTier } from '@kindling/domain';
import { useMutation } from '@tanstack/react-query';
import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import { errorMessage } from '../../../lib/error-message';
import { formatPrice } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { MissingInformation } from '../../../ui/missing-information';
import { SegmentedControl } from '../../../ui/segmented-control';
import { startCheckout, type BillingOverview } from '../api/billing-api';
import styles from './plan-table.module.css';

const PLAN_ORDER: {
  tier: CheckoutTier;
  key: keyof BillingOverview['plans'];
}[] = [
  { tier: 'starter', key: 'starterPlan' },
  { tier: 'standard', key: 'standardPlan' },
  { tier: 'business', key: 'businessPlan' },
];

const PLAN_PITCH: Record<Exclude<SubscriptionTier, 'none'>, string> = {
  starter: 'For founders validating a first idea.',
  standard: 'For small teams running several experiments.',
  business: 'For growth teams testing at scale.',
};

const INTERVALS = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Yearly' },
] as const;

/** The id the current-plan card links to ("Choose a plan below"). */
export const PLANS_ANCHOR = 'plans';

export function PlanTable({
  overview,
  trialDays,
}: {
  overview: BillingOverview;
  trialDays: number;
}) {
  const { slug } = useCurrentTeam();
  const [interval, setInterval] = useState<BillingInterval>('month');
  const checkout = useMutation({
    mutationFn: (tier: CheckoutTier) => startCheckout(slug, { tier, interval }),
    // Stripe's hosted checkout page takes over; the webhook brings the result back.
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const live = overview.state === 'paid' || overview.state === 'on_trial';
  const description = overview.paymentsEnabled
    ? `${overview.trialAvailable ? `Start with a ${trialDays}-day free trial. ` : ''}Yearly prices are per month, billed yearly.`
    : 'Every feature is included while this server runs in self-hosted mode. Yearly prices are per month, billed yearly.';
  return (
    <Card
      title="Plans"
      id={PLANS_ANCHOR}
      description={description}
      actions={
        <SegmentedControl
          legend="Billing interval"
          name="billing-interval"
          value={interval}
          options={INTERVALS}
          onChange={setInterval}
        />
      }
    >
      {overview.paymentsEnabled && !overview.canManage ? (
        <p className={styles.note} data-testid="billing-owner-only">
          Only a team owner can choose a plan.
        </p>
      ) : null}
      {checkout.isError ? (
        <p className={styles.error} role="alert">
          {errorMessage(checkout.error)}
        </p>
      ) : null}
      <div className={styles.grid} role="list" aria-label="Plans">
        {PLAN_ORDER.map(({ tier, key }) => {
          const current = overview.tier === tier;
          const plan = overview.plans[key];
          let action: ReactNode = null;
          if (overview.paymentsEnabled && overview.canManage) {
            action =
              current && live ? (
                <Button variant="outline" color="secondary" fullWidth disabled>
                  Your plan
                </Button>
              ) : (
                <Button
                  variant={tier === 'standard' ? 'gradient' : 'outline'}
                  color={tier === 'standard' ? 'primary' : 'secondary'}
                  fullWidth
                  disabled={checkout.isPending}
                  loading={checkout.isPending && checkout.variables === tier}
                  loadingText="Opening checkout…"
                  onClick={() => checkout.mutate(tier)}
                >
                  {overview.trialAvailable ? `Start ${trialDays}-day free trial` : 'Choose plan'}
                </Button>
              );
          }
          return (
            <PlanCard
              key={tier}
              tier={tier}
              plan={plan}
              interval={interval}
              current={current}
              paymentsEnabled={overview.paymentsEnabled}
              action={action}
            />
          );
        })}
      </div>
    </Card>
  );
}

interface PlanCardProps {
  tier: CheckoutTier;
  plan: Plan;
  interval: BillingInterval;
  current: boolean;
  paymentsEnabled: boolean;
  action: ReactNode;
}

function PlanCard({ tier, plan, interval, current, paymentsEnabled, action }: PlanCardProps) {
  const monthly = formatPrice(plan.monthly, plan.currency);
  const yearly = formatPrice(plan.yearly, plan.currency);
  return (
    <div
      className={clsx(
        styles.plan,
        current && styles.current,
        tier === 'standard' && styles.featured,
      )}
      role="listitem"
      aria-label={`${plan.name} plan`}
      data-testid={`plan-${tier}`}
    >
      <div className={styles.head}>
        <h3 className={styles.name}>{plan.name}</h3>
        {current ? <Badge tone="brand">Current plan</Badge> : null}
      </div>
      <p className={styles.pitch}>{PLAN_PITCH[tier]}</p>
      <p className={styles.price}>
        <span className={styles.amount} data-testid={`plan-${tier}-${interval}ly`}>
          {interval === 'month' ? monthly : yearly}
        </span>
        <span className={styles.unit}>/ month</span>
      </p>
      {interval === 'month' ? (
        <p className={styles.yearly} data-testid={`plan-${tier}-yearly`}>
          {yearly} / month billed yearly
        </p>
      ) : (
        <p className={styles.yearly} data-testid={`plan-${tier}-monthly`}>
          {formatPrice(plan.yearly * 12, plan.currency)} a year, or {monthly} / month billed monthly
        </p>
      )}
      {paymentsEnabled && !plan.productId ? (
        <MissingInformation subject={`The ${plan.name} plan has no product id`} />
      ) : null}
      <div className={styles.action}>
        {action ?? (paymentsEnabled ? null : <p className={styles.included}>Included</p>)}
      </div>
    </div>
  );
}
