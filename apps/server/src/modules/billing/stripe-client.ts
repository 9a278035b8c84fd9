import Stripe from 'stripe';
import type { Config } from '../../config';

type StripeConfig = Pick<
  Config,
  'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_BASE' | 'STRIPE_WEBHOOK_SECRET'
>;

/** Card payments are on when both keys are set (config requires the webhook secret then). */
export const paymentsEnabled = (config: StripeConfig): boolean =>
  Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY);

const clients = new WeakMap<StripeConfig, Stripe>();

/**
 * The official SDK, one per configuration; null in self-hosted mode. STRIPE_API_BASE points it
 * at another host (tests run a local double of the endpoints used: the network is closed).
 */
export function stripeClient(config: StripeConfig): Stripe | null {
  if (!paymentsEnabled(config) || !config.STRIPE_SECRET_KEY) return null;
  const known = clients.get(config);
  if (known) return known;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  const client = new Stripe(config.STRIPE_SECRET_KEY, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (protocol === 'http' ? 80 : 443),
          protocol,
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Kindling' },
  });
  clients.set(config, client);
  return client;
}
