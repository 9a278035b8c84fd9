import type { Db } from '../../db/database';
import { validationError } from '../../errors';
import { hashSecret } from '../../security/secret-token';
import type { LinkDeps } from './link-deps';
import { LINK_MESSAGES } from './messages';
import { claimAccountToken, findAccountToken, retireAccountTokens } from './repo';

/**
 * Sets a new password from a reset link, all or nothing: the link and every other reset link of
 * the account are used up, every session ends (whoever knew the old password is signed out), and
 * the address counts as verified if the link went to the account's current one (following it
 * proves receipt). Of two requests with one link, exactly one succeeds.
 */
export async function completePasswordReset(
  deps: Pick<LinkDeps, 'db' | 'setPassword' | 'endAllSessions' | 'markEmailVerified'>,
  { token, password }: { token: string; password: string },
): Promise<void> {
  const tokenHash = hashSecret(token);
  await deps.db.transaction().execute(async (tx) => {
    const now = new Date();
    const claimed = await claimAccountToken(tx, { tokenHash, purpose: 'reset-password', now });
    if (!claimed) throw await unusableLink(tx, tokenHash);
    const userId = claimed.userId;
    await deps.setPassword({ db: tx }, { userId, password });
    await retireAccountTokens(tx, { userId, purposes: ['reset-password'], now });
    await deps.endAllSessions({ db: tx }, { userId });
    await deps.markEmailVerified({ db: tx }, { userId, email: claimed.email });
  });
}

async function unusableLink(db: Db, tokenHash: string) {
  const known = await findAccountToken(db, { tokenHash, purpose: 'reset-password' });
  const message = known ? LINK_MESSAGES.resetLinkDead : LINK_MESSAGES.resetLinkInvalid;
  return validationError(message, { token: message });
}
