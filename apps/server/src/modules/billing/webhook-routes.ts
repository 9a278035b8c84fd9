import type { AppInstance, AppServices } from '../../http/types';
import { handleWebhook } from './handle-webhook';

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
      { schema: { tags: ['billing'] }, config: { guardText: false } },
      (request) =>
        handleWebhook(services, {
          payload: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: request.headers['stripe-signature']?.toString(),
        }),
    );
    done();
  });
}
