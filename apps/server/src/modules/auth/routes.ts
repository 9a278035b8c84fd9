import { z } from 'zod';
import type { AppInstance, AppServices } from '../../http/types';
import { authenticate } from './authenticate';
import { authRateLimit } from './rate-limit';
import { refreshSession } from './refresh-session';
import { signIn, type VerifyCredentials } from './sign-in';
import { signOut } from './sign-out';
import { tokensSchema } from './tokens-schema';

export function authRoutes(
  app: AppInstance,
  services: AppServices,
  { verifyCredentials }: { verifyCredentials: VerifyCredentials },
): void {
  const limited = authRateLimit(services.config);
  app.post(
    '/api/auth/sign-in',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        body: z.object({
          email: z.string().trim().min(1, 'Please enter your e-mail'),
          password: z.string().min(1, 'Please enter your password'),
        }),
        response: { 200: tokensSchema },
      },
    },
    (request) => signIn({ ...services, verifyCredentials }, request.body),
  );

  app.post(
    '/api/auth/refresh',
    {
      // Renews the caller's own session only; a guest's stays a guest's and keeps its end.
      config: { ...limited, access: 'read' },
      schema: {
        tags: ['auth'],
        body: z.object({ refreshToken: z.string().min(1) }),
        response: { 200: tokensSchema },
      },
    },
    (request) => refreshSession({ ...services, log: request.log }, request.body),
  );

  app.post(
    '/api/auth/sign-out',
    // Ending one's own session is open to guests too.
    { config: { access: 'read' }, schema: { tags: ['auth'], security: [{ bearer: [] }] } },
    async (request, reply) => {
      const user = await authenticate(services, request);
      await signOut(services, { sessionId: user.sessionId });
      return reply.status(204).send();
    },
  );
}
