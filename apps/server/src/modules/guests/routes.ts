import { z } from 'zod';
import type { AppInstance, AppServices } from '../../http/types';
import { authRateLimit } from '../auth/rate-limit';
import { startGuestSession } from './start-guest-session';

export function guestRoutes(app: AppInstance, services: AppServices): void {
  app.post(
    '/api/auth/guest',
    {
      // Starting a guest session is what a guest may do again: it changes nothing of theirs.
      config: { ...authRateLimit(services.config), access: 'read' },
      schema: {
        tags: ['auth'],
        summary: 'A read-only guest session in the demo team (GUEST_ACCESS; 404 without it)',
        response: {
          200: z.object({
            accessToken: z.string(),
            idToken: z.string(),
            refreshToken: z.string(),
            expiresIn: z.number(),
          }),
        },
      },
    },
    () => startGuestSession(services),
  );
}
