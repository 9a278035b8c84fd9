import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import { Card } from '../../../ui/card';
import { ErrorPanel } from '../../../ui/error-panel';
import { SecretBox } from '../../../ui/secret-box';
import { LoadingState } from '../../../ui/spinner';
import { Stack } from '../../../ui/stack';
import { fetchWebhooks, webhooksKey } from '../api/webhooks-api';
import { WebhookForm } from './webhook-form';
import { WebhookRow } from './webhook-row';
import styles from './webhooks.module.css';

/**
 * Settings -> Team: the team's webhooks and chat notifications (issue 33). Members see them and
 * their deliveries; owners add, test, switch, resend and remove.
 */
export function WebhooksCard() {
  const { slug, isOwner } = useCurrentTeam();
  const webhooks = useQuery({ queryKey: webhooksKey(slug), queryFn: () => fetchWebhooks(slug) });
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Card
      id="webhooks"
      title="Webhooks and chat"
      description="Tell your other tools when a campaign starts or stops, reaches its verdict, pauses a variant, or a landing page gets a sign-up: a signed JSON event for your own services, or a message in Slack, Microsoft Teams, Mattermost or Discord."
      data-testid="webhooks-card"
    >
      <Stack>
        {isOwner ? <WebhookForm team={slug} onCreated={setSecret} /> : null}
        {secret ? (
          <SecretBox
            secret={secret}
            note="Copy the signing secret now. You will not see it again: your receiver checks each event's Kindling-Signature with it (README, Webhooks)."
            testId="webhook-secret"
          />
        ) : null}
        {webhooks.isPending ? (
          <LoadingState />
        ) : webhooks.isError ? (
          <ErrorPanel
            title="Could not load the webhooks"
            error={webhooks.error}
            onRetry={() => void webhooks.refetch()}
          />
        ) : webhooks.data.webhooks.length === 0 ? (
          <p className={styles.empty}>No webhooks yet.</p>
        ) : (
          <ul className={styles.list} aria-label="Webhooks">
            {webhooks.data.webhooks.map((webhook) => (
              <WebhookRow key={webhook.id} team={slug} webhook={webhook} />
            ))}
          </ul>
        )}
      </Stack>
    </Card>
  );
}
