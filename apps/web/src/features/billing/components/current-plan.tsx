import {
  CARD_PAYMENT_MESSAGES,
  currentPlanName,
  NO_SUBSCRIPTION_MESSAGES,
  type SubscriptionState,
  type SubscriptionTier,
} from '@kindling/domain';
import { useMutation } from '@tanstack/react-query';
import { config } from '../../../lib/config';
import { errorMessage } from '../../../lib/error-message';
import { useCurrentTeam } from '../../../lib/current-team';
import { formatDate } from '../../../lib/format';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { openPortal, type BillingOverview } from '../api/billing-api';
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

/** What the team should do next, for the states that ask for something. */
function callToAction(overview: BillingOverview): string | null {
  if (!overview.paymentsEnabled) return null;
  if (!overview.canManage) return CARD_PAYMENT_MESSAGES.ownerOnly;
  switch (overview.state) {
    case 'none':
      return overview.trialAvailable
        ? 'Choose a plan below to start your free trial.'
        : 'Choose a plan below.';
    case 'on_trial':
      return 'Your card is charged when the trial ends; change or cancel it under Manage billing.';
    case 'trial_ended':
    case 'period_ended':
      return overview.hasCustomer
        ? 'Update your card under Manage billing, or choose a plan below.'
        : 'Choose a plan below.';
    case 'paid':
      return null;
  }
}

export function CurrentPlan({
  overview,
  plansAnchor,
}: {
  overview: BillingOverview;
  plansAnchor: string;
}) {
  const { slug } = useCurrentTeam();
  const portal = useMutation({
    mutationFn: () => openPortal(slug),
    onSuccess: ({ url }) => window.location.assign(url),
  });
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
      detail = `${membership.name} has no subscription. ${NO_SUBSCRIPTION_MESSAGES.access} ${
        overview.newCampaignsWaitForSubscription
          ? NO_SUBSCRIPTION_MESSAGES.newCampaigns
          : NO_SUBSCRIPTION_MESSAGES.selfHosted
      }`;
      break;
  }

  const badge = STATE_LABEL[state];
  const next = callToAction(overview);
  const canPortal = overview.paymentsEnabled && overview.canManage && overview.hasCustomer;
  const wantsPlan = overview.paymentsEnabled && overview.canManage && state !== 'paid';
  return (
    <Card
      title="Current plan"
      data-testid="current-plan"
      footer={
        canPortal || wantsPlan ? (
          <div className={styles.actions}>
            {wantsPlan && state !== 'on_trial' ? (
              <a className={styles.link} href={`#${plansAnchor}`}>
                Choose a plan
              </a>
            ) : null}
            {canPortal ? (
              <Button
                variant="outline"
                color="secondary"
                loading={portal.isPending}
                loadingText="Opening billing…"
                onClick={() => portal.mutate()}
              >
                Manage billing
              </Button>
            ) : null}
          </div>
        ) : undefined
      }
    >
      <div className={styles.summary}>
        <div>
          <p className={styles.planName} data-testid="billing-plan-name">
            {currentPlanName(config.brand, state)}
          </p>
          <p className={styles.tier} data-testid="billing-tier">
            {TIER_LABEL[tier]}
          </p>
          <p className={styles.detail} data-testid="billing-detail">
            {detail}
          </p>
          {next ? (
            <p className={styles.next} data-testid="billing-next-step">
              {next}
            </p>
          ) : null}
          {portal.isError ? (
            <p className={styles.error} role="alert">
              {errorMessage(portal.error)}
            </p>
          ) : null}
        </div>
        <span data-testid="billing-state">
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </span>
      </div>
    </Card>
  );
}
