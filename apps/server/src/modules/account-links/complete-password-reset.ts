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
 * proves receipt). Of two requests with one link, exactly one succeeds. A link of the shared
 * guest account (none is issued, but one may predate that rule) is refused as not valid.
 */
export async function completePasswordReset(
  deps: Pick<
    LinkDeps,
    'db' | 'setPassword' | 'endAllSessions' | 'markEmailVerified' | 'findAccountById'
  >,
  { token, password }: { token: string; password: string },
): Promise<void> {
  const tokenHash = hashSecret(token);
  await deps.db.transaction().execute(async (tx) => {
    const now = new Date();
    const claimed = await claimAccountToken(tx, { tokenHash, purpose: 'reset-password', now });
    if (!claimed) throw await unusableLink(tx, tokenHash);
    const userId = claimed.userId;
    const account = await deps.findAccountById({ db: tx }, { userId });
    // Thrown inside the transaction: the claim is undone, and the link stays refused.
    if (!account || account.isGuest) throw invalidLink();
    await deps.setPassword({ db: tx }, { userId, password });
    await retireAccountTokens(tx, { userId, purposes: ['reset-password'], now });
    await deps.endAllSessions({ db: tx }, { userId });
    await deps.markEmailVerified({ db: tx }, { userId, email: claimed.email });
  });
}

async function unusableLink(db: Db, tokenHash: string) {
  const known = await findAccountToken(db, { tokenHash, purpose: 'reset-password' });
  return known ? deadLink() : invalidLink();
}

const deadLink = () =>
  validationError(LINK_MESSAGES.resetLinkDead, { token: LINK_MESSAGES.resetLinkDead });
const invalidLink = () =>
  validationError(LINK_MESSAGES.resetLinkInvalid, { token: LINK_MESSAGES.resetLinkInvalid });
