import { validationError } from '../../errors';
import { hashSecret } from '../../security/secret-token';
import type { LinkDeps } from './link-deps';
import { LINK_MESSAGES } from './messages';
import { claimAccountToken, findAccountToken } from './repo';

const refused = (message: string) => validationError(message, { token: message });

/**
 * Marks the account's address verified from a verification link, signed in or not. The link
 * proves only the address it was sent to: if the account has moved to another one since,
 * nothing changes. Opening a link again after it did its job answers success.
 */
export async function verifyEmail(
  deps: Pick<LinkDeps, 'db' | 'markEmailVerified' | 'findAccountById'>,
  { token }: { token: string },
): Promise<{ email: string }> {
  const tokenHash = hashSecret(token);
  return deps.db.transaction().execute(async (tx) => {
    const now = new Date();
    const claimed = await claimAccountToken(tx, { tokenHash, purpose: 'verify-email', now });
    if (claimed) {
      const verified = await deps.markEmailVerified({ db: tx }, claimed);
      // Thrown inside the transaction: the link stays as it was.
      if (!verified) throw refused(LINK_MESSAGES.verifyLinkOtherAddress);
      return { email: claimed.email };
    }
    const known = await findAccountToken(tx, { tokenHash, purpose: 'verify-email' });
    if (!known) throw refused(LINK_MESSAGES.verifyLinkInvalid);
    const account = await deps.findAccountById({ db: tx }, { userId: known.userId });
    if (account?.emailVerified && account.email === known.email) return { email: known.email };
    throw refused(LINK_MESSAGES.verifyLinkDead);
  });
}
