import { z } from 'zod';

// Outgoing webhooks and chat notifications (issue 33): a team's endpoints, the events they get,
// and the shape each destination takes (docs/api.md "Webhooks").

export const WEBHOOK_EVENTS = [
  'campaign.started',
  'campaign.stopped',
  'verdict.reached',
  'srm.detected',
  'variant.paused',
  'page.signup',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent by "Send a test event" only. */
export type WebhookEventType = WebhookEvent | 'webhook.test';

/** `json`: the signed event itself; the others: a chat app's incoming-webhook message. */
export const WEBHOOK_FORMATS = ['json', 'slack', 'teams', 'mattermost', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** The event envelope's version: a change that breaks a receiver gets a new one. */
export const WEBHOOK_VERSION = 1;
export const WEBHOOK_LIMITS = { perTeam: 10, url: 2048 } as const;
/** After the first attempt, each retry waits this long: 1 min, 5 min, 30 min, 2 h, 6 h. */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** Deliveries in a row that failed every attempt before the endpoint is switched off. */
export const WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES = 5;

export const WEBHOOK_MESSAGES = {
  url: 'The address must be an http or https URL of at most 2048 characters',
  events: `Choose at least one event: ${WEBHOOK_EVENTS.join(', ')}`,
  format: `The format must be one of ${WEBHOOK_FORMATS.join(', ')}`,
  minVisitors: 'The minimum number of visitors is a whole number from 0 to 1,000,000',
  tooMany: `A team has at most ${WEBHOOK_LIMITS.perTeam} webhooks`,
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  resendOff: 'Switch the webhook on to send to it again',
  resendPending: 'This delivery is still being attempted',
  refused:
    'This address cannot receive webhooks: it is private or local. The administrator can allow it with PREVIEW_ALLOW_HOSTS.',
} as const;

const httpUrl = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .max(WEBHOOK_LIMITS.url, { error: WEBHOOK_MESSAGES.url })
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username;
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.url);

export const webhookInputSchema = z.strictObject({
  url: httpUrl,
  format: z.enum(WEBHOOK_FORMATS, { error: WEBHOOK_MESSAGES.format }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.events }), {
      error: WEBHOOK_MESSAGES.events,
    })
    .min(1, { error: WEBHOOK_MESSAGES.events })
    .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
  /** A verdict is announced only once the campaign has this many visitors (chat noise). */
  minVisitors: z
    .number({ error: WEBHOOK_MESSAGES.minVisitors })
    .int({ error: WEBHOOK_MESSAGES.minVisitors })
    .min(0, { error: WEBHOOK_MESSAGES.minVisitors })
    .max(1_000_000, { error: WEBHOOK_MESSAGES.minVisitors })
    .default(0),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** What every event carries: its kind, the team, and the event's own facts. */
export interface WebhookEnvelope {
  id: string;
  type: WebhookEventType;
  version: typeof WEBHOOK_VERSION;
  createdAt: string;
  team: string;
  data: {
    /** One line a person reads, as a chat message shows it. */
    summary: string;
    /** Where in Kindling to look, absolute. */
    link: string | null;
    campaign?: { id: number; name: string };
    [key: string]: unknown;
  };
}

/** The wait before retry `attempt + 1` after attempt `attempt` (1-based) failed. */
export const webhookRetryDelay = (attempt: number): number =>
  WEBHOOK_RETRY_DELAYS_MS[Math.min(attempt, WEBHOOK_RETRY_DELAYS_MS.length) - 1]!;

/**
 * The body posted to a destination: the envelope itself for `json`, else the chat app's
 * incoming-webhook message: a short text with the summary and the link.
 */
export function webhookBody(format: WebhookFormat, event: WebhookEnvelope): unknown {
  const { summary, link } = event.data;
  const text = link ? `${summary} ${link}` : summary;
  switch (format) {
    case 'json':
      return event;
    case 'slack':
      return { text: link ? `${summary} <${link}|Open in Kindling>` : summary };
    case 'mattermost':
      return { text: link ? `${summary} [Open in Kindling](${link})` : summary };
    case 'discord':
      return { content: text, allowed_mentions: { parse: [] } };
    case 'teams':
      return {
        '@type': 'MessageCard',
        '@context': 'https://schema.org/extensions',
        summary,
        text: summary,
        ...(link
          ? {
              potentialAction: [
                {
                  '@type': 'OpenUri',
                  name: 'Open in Kindling',
                  targets: [{ os: 'default', uri: link }],
                },
              ],
            }
          : {}),
      };
  }
}
