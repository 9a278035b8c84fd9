import {
  emailSchema,
  passwordProblem,
  passwordSchema,
  realNameSchema,
  registerSchema,
  usernameSchema,
  userPreferencesSchema,
} from '@kindling/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance, AppServices } from '../../http/types';
import type { AttemptLimiter } from '../../security/attempt-limiter';
import { authenticate } from '../auth/authenticate';
import { authRateLimit } from '../auth/rate-limit';
import { isInstanceAdmin } from '../instance-admin/is-instance-admin';
import { getUserContext } from './get-user-context';
import { adminUrl } from '../../http/app-origin';
import { registerUser } from './register-user';
import { checkUsername } from './check-username';
import { saveUser } from './save-user';

const tags = ['users'];
const security = [{ bearer: [] }];

/** Something to do for an account's current address, e.g. send it a verification link. */
export type AddressHook = (
  request: FastifyRequest,
  account: { id: number; email: string },
) => Promise<unknown>;

/** Wired in app.ts: the password-attempt limit, and what follows a new address. */
export interface UserRouteDeps {
  passwordAttempts: AttemptLimiter;
  onAddressAdded: AddressHook;
}

export function userRoutes(
  app: AppInstance,
  services: AppServices,
  { passwordAttempts, onAddressAdded }: UserRouteDeps,
): void {
  app.post(
    '/api/user/register',
    { config: authRateLimit(services.config), schema: { tags, body: registerSchema } },
    async (request, reply) => {
      const user = await registerUser(services, request.body);
      await onAddressAdded(request, user);
      return reply.status(201).send({ user });
    },
  );

  app.get(
    '/api/user/by-session',
    { schema: { tags, security, querystring: z.object({ team: z.string().optional() }) } },
    async (request) => {
      const user = await authenticate(services, request);
      const context = await getUserContext(services, { userId: user.id, team: request.query.team });
      return {
        ...context,
        // How links reach people here, so screens can say where to look for them.
        mailDelivery: services.mailer.configured ? 'mail' : 'log',
        // The base of absolute links to team screens ("Copy link").
        adminUrl: adminUrl(services.config, request),
        // Whether to offer the instance-admin screen; the instance-admin routes check again.
        isInstanceAdmin: !context.user.isGuest && isInstanceAdmin(services, context.user),
      };
    },
  );

  app.get(
    '/api/user/validate-password',
    { schema: { tags, querystring: z.object({ password: z.string().default('') }) } },
    (request) => {
      const message = passwordProblem(request.query.password);
      return message ? { valid: false, message } : { valid: true };
    },
  );

  app.get(
    '/api/user/validate-name',
    { schema: { tags, security, querystring: z.object({ username: z.string().default('') }) } },
    async (request) => {
      const user = await authenticate(services, request);
      return checkUsername(services, { userId: user.id, username: request.query.username });
    },
  );

  app.post(
    '/api/user/save',
    {
      schema: {
        tags,
        security,
        body: z
          .object({
            realName: z.optional(realNameSchema),
            username: z.union([usernameSchema, z.literal('')]).optional(),
            email: z.optional(emailSchema),
            preferences: userPreferencesSchema.partial().optional(),
            defaultTeam: z.string().min(1).optional(),
            currentPassword: z.string().optional(),
            newPassword: z.optional(passwordSchema),
          })
          .strict(),
      },
    },
    async (request) => {
      const user = await authenticate(services, request);
      const saved = await saveUser(
        { ...services, passwordAttempts },
        {
          ...request.body,
          userId: user.id,
          sessionId: user.sessionId,
          clientAddress: request.ip,
        },
      );
      if (saved.emailChanged) await onAddressAdded(request, saved.user);
      return { user: saved.user };
    },
  );
}
