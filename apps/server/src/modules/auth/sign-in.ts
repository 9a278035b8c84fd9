import { SESSION_DURATION_SECONDS } from '@kindling/domain';
import { unauthenticated } from '../../errors';
import type { AppServices } from '../../http/types';
import { startSession } from './start-session';
import type { IssuedTokens } from './tokens';

export const BAD_CREDENTIALS = 'Incorrect e-mail or password.';

/** Checks an e-mail and password; the users module answers it (wired in app.ts). */
export type VerifyCredentials = (credentials: {
  email: string;
  password: string;
}) => Promise<{ id: number; email: string; realName: string } | null>;

export async function signIn(
  {
    db,
    tokens,
    verifyCredentials,
  }: Pick<AppServices, 'db' | 'tokens'> & {
    verifyCredentials: VerifyCredentials;
  },
  input: { email: string; password: string },
): Promise<IssuedTokens> {
  const user = await verifyCredentials(input);
  if (!user) throw unauthenticated(BAD_CREDENTIALS);

  return startSession({ db, tokens }, { user, seconds: SESSION_DURATION_SECONDS });
}
