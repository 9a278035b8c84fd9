import { CARD_PAYMENT_MESSAGES, findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@kindling/domain';
import type Stripe from 'stripe';
import { validationError } from '../../errors';
import type { Tx } from '../../db/transaction';
import type { AppServices } from '../../http/types';
import { setSubscription } from '../teams/set-subscription';
import { planConfig } from './get-billing';
import {
  dangerouslyFindTeamBillingByCustomer,
  insertCustomer,
  markSubscriptionApplied,
  recordEvent,
  teamExists,
} from './repo';
import { stripeClient } from './stripe-client';
import {
  checkoutSessionSchema,
  stripeSubscriptionSchema,
  toSubscription,
} from './subscription-event';

/** Each carries the whole subscription, so any of them sets the team's state. */
const SUBSCRIPTION_EVENTS = new Set<string>([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'stale';

/**
 * Stripe's payment events (POST /api/billing/webhook): the signature is checked against the raw
 * body first; then, in one transaction, the event id is recorded (a redelivery changes nothing)
 * and the team's subscription written, unless a newer event was applied already.
 */
export async function handleWebhook(
  { db, config }: Pick<AppServices, 'db' | 'config'>,
  { payload, signature }: { payload: Buffer; signature: string | undefined },
): Promise<{ received: true; outcome: WebhookOutcome }> {
  const stripe = stripeClient(config);
  const secret = config.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) {
    // 400, not 503: nothing here will change by retrying, and no input answers 5xx.
    throw validationError(CARD_PAYMENT_MESSAGES.webhookNotConfigured);
  }
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature ?? '', secret);
  } catch {
    throw validationError(CARD_PAYMENT_MESSAGES.webhookSignature);
  }
  refuseUnsafeText({ id: event.id, type: event.type });
  const outcome = await db.transaction().execute(async (tx) => {
    if (!(await recordEvent(tx, { id: event.id, type: event.type }))) return 'duplicate';
    return applyEvent(tx, { config, event });
  });
  return { received: true, outcome };
}

/**
 * The route reads its body raw for the signature, so the app's text guard (http/text-guard.ts)
 * never sees it: the same rule runs here, after the signature, on each field that is stored or
 * looked up (`at` is its place in the event). NUL would fail the query with a 500 and a lone
 * surrogate be stored altered; either is a 400 instead. Thrown inside the transaction, it undoes
 * the event's record too. Other fields of the event are not read, so their text does not matter.
 */
function refuseUnsafeText(fields: object, at = '') {
  const path = findUnsafeText(fields);
  if (path === undefined) return;
  throw validationError(UNSAFE_TEXT_MESSAGE, { [`${at}${path}`]: UNSAFE_TEXT_MESSAGE });
}

async function applyEvent(
  tx: Tx,
  { config, event }: { config: AppServices['config']; event: Stripe.Event },
): Promise<WebhookOutcome> {
  if (event.type === 'checkout.session.completed') {
    return linkCheckoutCustomer(tx, event.data.object);
  }
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    return applySubscription(tx, { config, object: event.data.object, created: event.created });
  }
  // Stripe sends only the types the endpoint subscribes to; any other is acknowledged.
  return 'ignored';
}

/**
 * The customer is stored when the checkout starts; this covers a row lost since (or a session
 * made in the dashboard for the team). The subscription itself comes with its own events.
 */
async function linkCheckoutCustomer(tx: Tx, object: unknown): Promise<WebhookOutcome> {
  const session = checkoutSessionSchema.safeParse(object);
  if (!session.success || !session.data.customer) return 'ignored';
  refuseUnsafeText(session.data, 'data.object.');
  const teamId = Number(session.data.client_reference_id);
  if (!Number.isSafeInteger(teamId) || !(await teamExists(tx, teamId))) return 'ignored';
  await insertCustomer(tx, { teamId, customerId: session.data.customer });
  return 'applied';
}

async function applySubscription(
  tx: Tx,
  { config, object, created }: { config: AppServices['config']; object: unknown; created: number },
): Promise<WebhookOutcome> {
  const parsed = stripeSubscriptionSchema.safeParse(object);
  if (!parsed.success) return 'ignored';
  refuseUnsafeText(parsed.data, 'data.object.');
  const source = parsed.data;
  const billing = await dangerouslyFindTeamBillingByCustomer(tx, source.customer);
  if (!billing) return 'ignored';
  const subscription = toSubscription(source, planConfig(config));
  const lastCreated = billing.lastEventCreated === null ? null : Number(billing.lastEventCreated);
  // Stripe does not promise delivery order: an event older than the one applied is late.
  if (lastCreated !== null && created < lastCreated) return 'stale';
  // An older subscription ending (the team has since subscribed again) does not end the new one.
  const other = billing.stripeSubscriptionId !== null && billing.stripeSubscriptionId !== source.id;
  if (other && subscription.status === 'canceled') return 'stale';
  await setSubscription({ db: tx }, { teamId: billing.teamId, subscription });
  await markSubscriptionApplied(tx, {
    teamId: billing.teamId,
    subscriptionId: source.id,
    eventCreated: created,
  });
  return 'applied';
}
