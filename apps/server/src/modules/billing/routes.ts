import { checkoutRequestSchema, TRIAL_DAYS } from '@kindling/domain';
import type { FastifyRequest } from 'fastify';
import { appLink } from '../../http/app-origin';
import { teamParams, requireTeam } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { getBilling } from './get-billing';
import { handleWebhook } from './handle-webhook';
import { openPortal } from './open-portal';
import { startCheckout } from './start-checkout';

const tags = ['billing'];
const security = [{ bearer: [] }];

/** Where Stripe sends the browser back: the team's billing screen. */
const billingUrl = (services: AppServices, request: FastifyRequest) =>
  appLink(services.config, request, `/admin/${requireTeam(request).slug}/settings/team/billing`);

export function billingRoutes(scope: AppInstance, services: AppServices): void {
  scope.get('/billing', { schema: { tags, security, params: teamParams } }, async (request) => ({
    ...(await getBilling(services, { team: requireTeam(request), nowMs: Date.now() })),
    trialDays: TRIAL_DAYS,
  }));

  scope.post(
    '/billing/checkout',
    { schema: { tags, security, params: teamParams, body: checkoutRequestSchema } },
    (request) =>
      startCheckout(services, {
        team: requireTeam(request),
        request: request.body,
        billingUrl: billingUrl(services, request),
      }),
  );

  scope.post('/billing/portal', { schema: { tags, security, params: teamParams } }, (request) =>
    openPortal(services, { team: requireTeam(request), billingUrl: billingUrl(services, request) }),
  );
}

/**
 * Stripe's events: most are a few KB, an invoice with many lines some hundreds. Read raw and
 * parsed only once their signature (an HMAC over the bytes) holds, so the size costs a hash.
 */
export const STRIPE_WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/** Stripe's events are signed over the exact bytes sent, so this route reads the body raw. */
export async function billingWebhookRoutes(app: AppInstance, services: AppServices) {
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, next) => {
      next(null, body);
    });
    scope.post(
      '/api/billing/webhook',
      // No session: Stripe calls it, and the signature is the credential.
      {
        schema: { tags: ['billing'] },
        bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT_BYTES,
        config: { guardText: false },
      },
      (request) =>
        handleWebhook(services, {
          payload: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: request.headers['stripe-signature']?.toString(),
        }),
    );
    done();
  });
}
