import { GUEST_MESSAGES } from '@kindling/domain';
import { z } from 'zod';
import { notFound } from '../../errors';
import type { AppInstance, AppServices } from '../../http/types';
import { authRateLimit } from '../auth/rate-limit';
import { tokensSchema } from '../auth/tokens-schema';
import { startGuestSession } from './start-guest-session';

export function guestRoutes(app: AppInstance, services: AppServices): void {
  // Whether the sign-in screen offers "Try without signing up".
  app.get(
    '/api/auth/guest',
    {
      schema: {
        tags: ['auth'],
        summary: 'Answers {enabled: true} when guest access is on (GUEST_ACCESS); 404 without it',
        response: { 200: z.object({ enabled: z.literal(true) }) },
      },
    },
    () => {
      if (!services.config.GUEST_ACCESS) throw notFound(GUEST_MESSAGES.unavailable);
      return { enabled: true as const };
    },
  );

  app.post(
    '/api/auth/guest',
    {
      // Starting a guest session is what a guest may do again: it changes nothing of theirs.
      config: { ...authRateLimit(services.config), access: 'read' },
      schema: {
        tags: ['auth'],
        summary: 'A read-only guest session in the demo team (GUEST_ACCESS; 404 without it)',
        response: {
          200: tokensSchema,
        },
      },
    },
    () => startGuestSession(services),
  );
}
