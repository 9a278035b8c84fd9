import {
  passwordProblem,
  passwordSchema,
  realNameSchema,
  registerSchema,
  usernameSchema,
  userPreferencesSchema,
} from '@kindling/domain';
import { z } from 'zod';
import type { AppInstance, AppServices } from '../../http/types';
import type { AttemptLimiter } from '../../security/attempt-limiter';
import { authenticate } from '../auth/authenticate';
import { authRateLimit } from '../auth/rate-limit';
import { getUserContext } from './get-user-context';
import { registerUser } from './register-user';
import { checkUsername } from './check-username';
import { saveUser } from './save-user';

const tags = ['users'];
const security = [{ bearer: [] }];

export function userRoutes(
  app: AppInstance,
  services: AppServices,
  { passwordAttempts }: { passwordAttempts: AttemptLimiter },
): void {
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
        user: await saveUser(
          { ...services, passwordAttempts },
          {
            ...request.body,
            userId: user.id,
            sessionId: user.sessionId,
            clientAddress: request.ip,
          },
        ),
      };
    },
  );
}
