import type { Plan, SubscriptionTier } from '@kindling/domain';
import clsx from 'clsx';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { MissingInformation } from '../../../ui/missing-information';
import { formatPrice } from '../../../lib/format';
import type { BillingOverview } from '../api/billing-api';
import styles from './plan-table.module.css';

const PLAN_ORDER: {
  tier: Exclude<SubscriptionTier, 'none'>;
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

export function PlanTable({
  overview,
  trialDays,
}: {
  overview: BillingOverview;
  trialDays: number;
}) {
  return (
    <Card
      title="Plans"
      description={`Every plan starts with a ${trialDays}-day free trial. Yearly prices are per month, billed yearly.`}
    >
      <div className={styles.grid} role="list" aria-label="Plans">
        {PLAN_ORDER.map(({ tier, key }) => (
          <PlanCard
            key={tier}
            tier={tier}
            plan={overview.plans[key]}
            current={overview.tier === tier}
            paymentsEnabled={overview.paymentsEnabled}
          />
        ))}
      </div>
    </Card>
  );
}

interface PlanCardProps {
  tier: Exclude<SubscriptionTier, 'none'>;
  plan: Plan;
  current: boolean;
  paymentsEnabled: boolean;
}

function PlanCard({ tier, plan, current, paymentsEnabled }: PlanCardProps) {
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
        <span className={styles.amount} data-testid={`plan-${tier}-monthly`}>
          {formatPrice(plan.monthly, plan.currency)}
        </span>
        <span className={styles.unit}>/ month</span>
      </p>
      <p className={styles.yearly} data-testid={`plan-${tier}-yearly`}>
        {formatPrice(plan.yearly, plan.currency)} / month billed yearly
      </p>
      {paymentsEnabled && !plan.productId ? (
        <MissingInformation subject={`The ${plan.name} plan has no product id`} />
      ) : null}
      <Button
        variant={tier === 'standard' ? 'gradient' : 'outline'}
        color={tier === 'standard' ? 'primary' : 'secondary'}
        fullWidth
        disabled
        title={paymentsEnabled ? 'Checkout is coming soon' : 'Payments are not configured'}
      >
        {current ? 'Your plan' : `Choose ${plan.name}`}
      </Button>
    </div>
  );
}
