import { SESSION_DURATION_SECONDS, SSO_HANDOFF_TTL_MS, SSO_MESSAGES } from '@kindling/domain';
import { unauthenticated } from '../../errors';
import type { AppServices } from '../../http/types';
import { startSession } from '../auth/start-session';
import { findAccountById } from '../users/find-account';
import { takeSsoHandoff } from './repo';
import { sha256Hex } from './sso-hash';

/** The app's session for a handoff code made at the callback: once, within a minute. */
export async function exchangeSsoHandoff(
  services: Pick<AppServices, 'db' | 'tokens'>,
  { code }: { code: string },
) {
  const userId = await takeSsoHandoff(services.db, sha256Hex(code), SSO_HANDOFF_TTL_MS);
  const account = userId === null ? null : await findAccountById(services, { userId });
  if (!account) throw unauthenticated(SSO_MESSAGES.badHandoff);
  return startSession(services, {
    user: { id: account.id, email: account.email, realName: account.realName },
    seconds: SESSION_DURATION_SECONDS,
  });
}
