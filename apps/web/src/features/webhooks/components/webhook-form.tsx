import {
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  webhookInputSchema,
  type WebhookEvent,
  type WebhookFormat,
} from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../../../ui/button';
import { FormError, SelectField, TextField } from '../../../ui/field';
import { toastSuccess } from '../../../ui/toast';
import { createWebhook, webhooksKey } from '../api/webhooks-api';
import styles from './webhooks.module.css';

export const FORMAT_LABELS: Record<WebhookFormat, string> = {
  json: 'JSON event, signed',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  mattermost: 'Mattermost',
  discord: 'Discord',
};

export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'campaign.started': 'Campaign started',
  'campaign.stopped': 'Campaign stopped',
  'verdict.reached': 'Verdict reached',
  'srm.detected': 'Sample ratio mismatch',
  'variant.paused': 'Variant paused',
  'page.signup': 'Landing page sign-up',
};

/** Adds a webhook (owners); the new secret goes to `onCreated`, shown once. */
export function WebhookForm({
  team,
  onCreated,
}: {
  team: string;
  onCreated: (secret: string) => void;
}) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<WebhookFormat>('json');
  const [events, setEvents] = useState<WebhookEvent[]>(['campaign.started', 'verdict.reached']);
  const [minVisitors, setMinVisitors] = useState('1000');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (input: Parameters<typeof createWebhook>[1]) => createWebhook(team, input),
    onSuccess: async ({ secret }) => {
      setUrl('');
      onCreated(secret);
      await queryClient.invalidateQueries({ queryKey: webhooksKey(team) });
      toastSuccess('Webhook added');
    },
    onError: (error) => {
      if (isApiError(error)) setErrors(error.fields);
    },
  });
  const formError =
    create.error && Object.keys(errors).length === 0 ? errorMessage(create.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { url, format, events, minVisitors: Number(minVisitors) };
    const parsed = webhookInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    create.mutate(input);
  }

  const toggle = (event: WebhookEvent) =>
    setEvents((current) =>
      current.includes(event) ? current.filter((e) => e !== event) : [...current, event],
    );

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Add a webhook">
      <FormError message={formError} />
      <div className={styles.formRow}>
        <TextField
          label="Receiver address"
          placeholder="https://hooks.slack.com/services/…"
          autoComplete="off"
          value={url}
          error={errors.url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <SelectField
          label="Format"
          value={format}
          error={errors.format}
          onChange={(event) => setFormat(event.target.value as WebhookFormat)}
        >
          {WEBHOOK_FORMATS.map((value) => (
            <option key={value} value={value}>
              {FORMAT_LABELS[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset
        className={styles.events}
        aria-describedby={errors.events ? 'webhook-events-error' : undefined}
      >
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((value) => (
          <label key={value} className={styles.check}>
            <input
              type="checkbox"
              checked={events.includes(value)}
              onChange={() => toggle(value)}
            />
            {EVENT_LABELS[value]}
          </label>
        ))}
        {errors.events ? (
          <p id="webhook-events-error" className={styles.error} role="alert">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      {events.includes('verdict.reached') ? (
        <TextField
          label="Announce a verdict from this many visitors"
          inputMode="numeric"
          value={minVisitors}
          error={errors.minVisitors}
          hint="Fewer visitors than this and the verdict waits: no early, noisy calls in your chat."
          onChange={(event) => setMinVisitors(event.target.value)}
        />
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" loading={create.isPending} loadingText="Adding…">
          Add webhook
        </Button>
      </div>
    </form>
  );
}
