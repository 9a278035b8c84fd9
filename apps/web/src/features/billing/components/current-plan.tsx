import {
  currentPlanName,
  NO_SUBSCRIPTION_MESSAGES,
  type SubscriptionState,
  type SubscriptionTier,
} from '@kindling/domain';
import { config } from '../../../lib/config';
import { useCurrentTeam } from '../../../lib/current-team';
import { formatDate } from '../../../lib/format';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Card } from '../../../ui/card';
import type { BillingOverview } from '../api/billing-api';
import { daysLeft } from './days-left';
import styles from './current-plan.module.css';

const STATE_LABEL: Record<SubscriptionState, { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'success' },
  on_trial: { label: 'On trial', tone: 'info' },
  trial_ended: { label: 'Trial ended', tone: 'warning' },
  period_ended: { label: 'Period ended', tone: 'danger' },
  none: { label: 'No subscription', tone: 'neutral' },
};

const TIER_LABEL: Record<SubscriptionTier, string> = {
  business: 'Business',
  standard: 'Standard',
  starter: 'Starter',
  none: 'No plan',
};

function unixDate(seconds: number | null | undefined, timeZone: string): string | undefined {
  return seconds ? formatDate(new Date(seconds * 1000).toISOString(), timeZone) : undefined;
}

export function CurrentPlan({ overview }: { overview: BillingOverview }) {
  const { user, membership } = useCurrentTeam();
  const { state, tier, subscription } = overview;
  const timeZone = user.preferences.timezone;
  const periodEnd = unixDate(subscription?.periodEndsAt, timeZone);
  const trialEnd = unixDate(subscription?.trialEndsAt, timeZone);

  let detail: string;
  switch (state) {
    case 'paid':
      detail = periodEnd ? `Renews on ${periodEnd}.` : 'Your subscription is active.';
      break;
    case 'on_trial': {
      const days = daysLeft(subscription?.trialEndsAt, Date.now());
      detail = `${days} ${days === 1 ? 'day' : 'days'} left in your free trial${trialEnd ? ` (ends ${trialEnd})` : ''}.`;
      break;
    }
    case 'trial_ended':
      detail = `Your free trial ended${trialEnd ? ` on ${trialEnd}` : ''}. Choose a plan to keep campaigns running.`;
      break;
    case 'period_ended':
      detail = 'Your billing period has ended. Update your subscription to keep campaigns running.';
      break;
    case 'none':
      detail = `${membership.name} has no subscription. ${NO_SUBSCRIPTION_MESSAGES.access} ${NO_SUBSCRIPTION_MESSAGES.newCampaigns}`;
      break;
  }

  const badge = STATE_LABEL[state];
  return (
    <Card title="Current plan" data-testid="current-plan">
      <div className={styles.summary}>
        <div>
          <p className={styles.planName} data-testid="billing-plan-name">
            {currentPlanName(config.brand, state)}
          </p>
          <p className={styles.tier} data-testid="billing-tier">
            {TIER_LABEL[tier]}
          </p>
          <p className={styles.detail}>{detail}</p>
        </div>
        <span data-testid="billing-state">
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </span>
      </div>
    </Card>
  );
}
