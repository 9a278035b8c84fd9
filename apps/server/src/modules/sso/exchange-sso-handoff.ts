import { SESSION_DURATION_SECONDS, SSO_HANDOFF_TTL_MS, SSO_MESSAGES } from '@kindling/domain';
import { unauthenticated } from '../../errors';
import type { AppServices } from '../../http/types';
import { startSession } from '../auth/start-session';
import { findAccountById } from '../users/find-account';
import { takeSsoHandoff } from './repo';
import { sha256Hex } from './sso-hash';

/**
 * The app's session for a handoff code made at the callback: once, within a minute, in the
 * browser the sign-on started in (its cookie), so a code sent to someone else signs nobody in.
 */
export async function exchangeSsoHandoff(
  services: Pick<AppServices, 'db' | 'tokens'>,
  { code, browserKey }: { code: string; browserKey: string | undefined },
) {
  const userId = browserKey
    ? await takeSsoHandoff(
        services.db,
        { codeHash: sha256Hex(code), browserHash: sha256Hex(browserKey) },
        SSO_HANDOFF_TTL_MS,
      )
    : null;
  const account = userId === null ? null : await findAccountById(services, { userId });
  if (!account) throw unauthenticated(SSO_MESSAGES.badHandoff);
  return startSession(services, {
    user: { id: account.id, email: account.email, realName: account.realName },
    seconds: SESSION_DURATION_SECONDS,
  });
}
