import { z } from 'zod';

/** What sign-in answers, and every other way into a session (refresh, guest, single sign-on). */
export const tokensSchema = z.object({
  accessToken: z.string(),
  idToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number(),
});
