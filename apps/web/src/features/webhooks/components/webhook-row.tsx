import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import { formatDate, formatDateTime } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { useConfirm } from '../../../ui/confirm-dialog';
import { ErrorPanel } from '../../../ui/error-panel';
import { LoadingState } from '../../../ui/spinner';
import { toastError, toastSuccess } from '../../../ui/toast';
import {
  deleteWebhook,
  deliveriesKey,
  fetchDeliveries,
  resendDelivery,
  sendTestEvent,
  updateWebhook,
  webhooksKey,
  type Webhook,
  type WebhookDelivery,
} from '../api/webhooks-api';
import { EVENT_LABELS, FORMAT_LABELS } from './webhook-form';
import styles from './webhooks.module.css';

const STATUS_TONES = { pending: 'info', succeeded: 'success', failed: 'danger' } as const;
const STATUS_LABELS = { pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' } as const;

/** One webhook: what it gets, its state, its actions, and its delivery log on demand. */
export function WebhookRow({ team, webhook }: { team: string; webhook: Webhook }) {
  const { isOwner, user } = useCurrentTeam();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [open, setOpen] = useState(false);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: webhooksKey(team) }),
      queryClient.invalidateQueries({ queryKey: deliveriesKey(team, webhook.id) }),
    ]);
  const test = useMutation({
    mutationFn: () => sendTestEvent(team, webhook.id),
    onSuccess: async () => {
      setOpen(true);
      await refresh();
      toastSuccess('Test event queued');
    },
    onError: (error) => toastError(error),
  });
  const switchTo = useMutation({
    mutationFn: (enabled: boolean) => updateWebhook(team, webhook, enabled),
    onSuccess: async ({ webhook: saved }) => {
      await refresh();
      toastSuccess(saved.enabled ? 'Webhook switched on' : 'Webhook switched off');
    },
    onError: (error) => toastError(error),
  });

  async function remove() {
    const removed = await confirm({
      title: 'Remove webhook',
      message: `Events will no longer be sent to ${webhook.url}. Its delivery log goes too.`,
      confirmLabel: 'Remove',
      danger: true,
      onConfirm: () => deleteWebhook(team, webhook.id),
    });
    if (!removed) return;
    await queryClient.invalidateQueries({ queryKey: webhooksKey(team) });
    toastSuccess('Webhook removed');
  }

  return (
    <li className={styles.row} data-testid="webhook-row">
      <div className={styles.rowHead}>
        <div className={styles.rowText}>
          <span className={styles.url}>{webhook.url}</span>
          <span className={styles.meta}>
            <Badge tone="brand">{FORMAT_LABELS[webhook.format]}</Badge>
            {webhook.enabled ? (
              <Badge tone="success">On</Badge>
            ) : (
              <Badge tone="danger">
                {webhook.disabledAt ? 'Switched off after failures' : 'Off'}
              </Badge>
            )}
            <span>
              {webhook.events.map((event) => EVENT_LABELS[event]).join(', ')}
              {webhook.events.includes('verdict.reached') && webhook.minVisitors > 0
                ? ` (verdicts from ${webhook.minVisitors.toLocaleString('en')} visitors)`
                : ''}
            </span>
            <span>
              Secret {webhook.secretHint} · Added{' '}
              {formatDate(webhook.createdAt, user.preferences.timezone)}
            </span>
          </span>
        </div>
        <div className={styles.rowActions}>
          {isOwner ? (
            <>
              <Button
                size="sm"
                variant="outline"
                loading={test.isPending}
                onClick={() => test.mutate()}
              >
                Send a test event
              </Button>
              <Button
                size="sm"
                variant="outline"
                loading={switchTo.isPending}
                onClick={() => switchTo.mutate(!webhook.enabled)}
              >
                {webhook.enabled ? 'Switch off' : 'Switch on'}
              </Button>
            </>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          {isOwner ? (
            <Button size="sm" variant="ghost" color="danger" onClick={() => void remove()}>
              Remove
            </Button>
          ) : null}
        </div>
      </div>
      {open ? <DeliveryLog team={team} webhook={webhook} /> : null}
    </li>
  );
}

function DeliveryLog({ team, webhook }: { team: string; webhook: Webhook }) {
  const { isOwner, user } = useCurrentTeam();
  const queryClient = useQueryClient();
  const log = useQuery({
    queryKey: deliveriesKey(team, webhook.id),
    queryFn: () => fetchDeliveries(team, webhook.id),
    // While a delivery is being attempted, its outcome is worth watching.
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? 2000 : false,
  });
  const resend = useMutation({
    mutationFn: (delivery: WebhookDelivery) => resendDelivery(team, delivery.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(team, webhook.id) });
      toastSuccess('Delivery queued again');
    },
    onError: (error) => toastError(error),
  });
  if (log.isPending) return <LoadingState />;
  if (log.isError) {
    return (
      <ErrorPanel
        title="Could not load the deliveries"
        error={log.error}
        onRetry={() => void log.refetch()}
      />
    );
  }
  if (log.data.deliveries.length === 0) {
    return (
      <p className={styles.empty}>Nothing sent yet. Send a test event to check the receiver.</p>
    );
  }
  return (
    <table className={styles.log} data-testid="webhook-deliveries">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Event</th>
          <th scope="col">Result</th>
          <th scope="col">Answer</th>
          <th scope="col">Attempts</th>
          <th scope="col">
            <span className={styles.hidden}>Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {log.data.deliveries.map((delivery) => (
          <tr key={delivery.id}>
            <td data-label="When">
              {formatDateTime(
                delivery.attemptedAt ?? delivery.createdAt,
                user.preferences.timezone,
              )}
            </td>
            <td data-label="Event">{delivery.eventType}</td>
            <td data-label="Result">
              <Badge tone={STATUS_TONES[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
            </td>
            <td data-label="Answer">
              {delivery.responseCode ?? '—'}
              {delivery.error && delivery.error !== `HTTP ${delivery.responseCode}` ? (
                <span className={styles.deliveryError}>{delivery.error}</span>
              ) : null}
            </td>
            <td data-label="Attempts">{delivery.attempts}</td>
            <td>
              {isOwner && delivery.status !== 'pending' && webhook.enabled ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => resend.mutate(delivery)}
                  loading={resend.isPending && resend.variables.id === delivery.id}
                >
                  Resend
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
