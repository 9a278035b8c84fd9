import { emailSchema, passwordSchema } from '@kindling/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { appLink } from '../../http/app-origin';
import type { AppInstance, AppServices } from '../../http/types';
import { hashSecret } from '../../security/secret-token';
import { authenticate } from '../auth/authenticate';
import { RateLimitedError } from '../../errors';
import type { AttemptLimiter } from '../../security/attempt-limiter';
import { authRateLimit } from '../auth/rate-limit';
import { completePasswordReset } from './complete-password-reset';
import type { LinkContext, LinkDeps } from './link-deps';
import { LINK_MESSAGES } from './messages';
import { requestPasswordReset } from './request-password-reset';
import { resendVerification } from './resend-verification';
import { verifyEmail } from './verify-email';

const tags = ['account-links'];
const deliverySchema = z.enum(['mail', 'log']);
const tokenSchema = z.string().trim().min(1, 'The link has no token').max(200);

/** Where links point for this request, and the log the no-mail fallback writes them to. */
export function linkContext(services: Pick<AppServices, 'config'>, request: FastifyRequest) {
  return {
    linkTo: (path: string, token: string) => appLink(services.config, request, path, { token }),
    log: request.log,
  } satisfies LinkContext;
}

export function accountLinkRoutes(
  app: AppInstance,
  services: AppServices,
  deps: LinkDeps,
  { linkRequests }: { linkRequests: AttemptLimiter },
): void {
  const perClient = authRateLimit(services.config);
  const perAddress = async (key: string) => {
    const attempt = await linkRequests.take([key]);
    if (!attempt.allowed) {
      throw new RateLimitedError(LINK_MESSAGES.tooManyLinks, attempt.retryAfterSeconds);
    }
  };

  app.post(
    '/api/auth/password-reset',
    {
      config: perClient,
      schema: {
        tags,
        body: z.object({ email: emailSchema }),
        response: { 202: z.object({ delivery: deliverySchema }) },
      },
    },
    async (request, reply) => {
      // Counted per submitted address, known or not, so a 429 says nothing about accounts.
      await perAddress(`reset:${hashSecret(request.body.email)}`);
      const answer = await requestPasswordReset(
        { ...deps, ...linkContext(services, request) },
        request.body,
      );
      return reply.status(202).send(answer);
    },
  );

  app.post(
    '/api/auth/password-reset/complete',
    {
      config: perClient,
      schema: { tags, body: z.object({ token: tokenSchema, password: passwordSchema }) },
    },
    async (request, reply) => {
      await completePasswordReset(deps, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: perClient,
      schema: {
        tags,
        body: z.object({ token: tokenSchema }),
        response: { 200: z.object({ email: z.string() }) },
      },
    },
    (request) => verifyEmail(deps, request.body),
  );

  app.post(
    '/api/user/verification',
    {
      config: perClient,
      schema: {
        tags,
        security: [{ bearer: [] }],
        response: { 202: z.object({ email: z.string(), delivery: deliverySchema }) },
      },
    },
    async (request, reply) => {
      const user = await authenticate(services, request);
      await perAddress(`verify:${user.id}`);
      const answer = await resendVerification(
        { ...deps, ...linkContext(services, request) },
        { userId: user.id },
      );
      return reply.status(202).send(answer);
    },
  );
}
