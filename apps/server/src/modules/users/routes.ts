import {
  ACCOUNT_MESSAGES,
  passwordProblem,
  passwordSchema,
  realNameSchema,
  registerSchema,
  usernameSchema,
  userPreferencesSchema,
} from '@kindling/domain';
import { z } from 'zod';
import type { AppInstance, AppServices } from '../../http/types';
import { authenticate } from '../auth/authenticate';
import { authRateLimit } from '../auth/rate-limit';
import { acceptInvite, listMyInvites } from '../teams/members';
import { getUserContext } from './get-user-context';
import { registerUser } from './register-user';
import { isUsernameTaken } from './repo';
import { saveUser } from './save-user';

const tags = ['users'];
const security = [{ bearer: [] }];

export function userRoutes(app: AppInstance, services: AppServices): void {
  app.post(
    '/api/user/register',
    { config: authRateLimit(services.config), schema: { tags, body: registerSchema } },
    async (request, reply) => {
      const user = await registerUser(services, request.body);
      return reply.status(201).send({ user });
    },
  );

  app.get(
    '/api/user/by-session',
    { schema: { tags, security, querystring: z.object({ team: z.string().optional() }) } },
    async (request) => {
      const user = await authenticate(services, request);
      return getUserContext(services, { userId: user.id, team: request.query.team });
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
      const shape = usernameSchema.safeParse(request.query.username);
      if (!shape.success) {
        return { valid: false, available: false, message: ACCOUNT_MESSAGES.usernameShape };
      }
      const taken = await isUsernameTaken(services.db, shape.data, user.id);
      return taken
        ? { valid: true, available: false, message: ACCOUNT_MESSAGES.usernameTaken }
        : { valid: true, available: true };
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
            realName: realNameSchema.optional(),
            username: z.union([usernameSchema, z.literal('')]).optional(),
            preferences: userPreferencesSchema.partial().optional(),
            defaultTeam: z.string().min(1).optional(),
            currentPassword: z.string().optional(),
            newPassword: passwordSchema.optional(),
          })
          .strict(),
      },
    },
    async (request) => {
      const user = await authenticate(services, request);
      return {
        user: await saveUser(services, {
          ...request.body,
          userId: user.id,
          sessionId: user.sessionId,
        }),
      };
    },
  );

  app.get('/api/user/invites', { schema: { tags, security } }, async (request) => {
    const user = await authenticate(services, request);
    return { invites: await listMyInvites(services, user.id) };
  });

  app.post(
    '/api/user/invites/accept',
    { schema: { tags, security, body: z.object({ id: z.number().int().positive() }) } },
    async (request) => {
      const user = await authenticate(services, request);
      return acceptInvite(services, { userId: user.id, inviteId: request.body.id });
    },
  );
}
