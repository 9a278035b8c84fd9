import { hashSecret, newSecretToken } from '../../security/secret-token';
import { deliverLink, VERIFY_PATH, verifyMail } from './deliver-link';
import type { Delivery, LinkContext, LinkDeps } from './link-deps';
import { VERIFY_LINK_HOURS } from './messages';
import { insertAccountToken, retireAccountTokens } from './repo';

/** Sends `email` a link (valid 24 h) whose use proves the account's owner receives mail there. */
export async function sendVerification(
  deps: Pick<LinkDeps, 'db' | 'outbox'> & LinkContext,
  { userId, email }: { userId: number; email: string },
): Promise<Delivery> {
  const token = newSecretToken();
  await insertAccountToken(deps.db, {
    userId,
    purpose: 'verify-email',
    email,
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + VERIFY_LINK_HOURS * 3_600_000),
  });
  const url = deps.linkTo(VERIFY_PATH, token);
  return deliverLink(deps, { to: email, content: verifyMail(email, url) });
}

/**
 * A new address on an account (sign-up or a change): reset links sent to an earlier address stop
 * working (a mailbox the owner left must not open the account), and the new address gets a
 * verification link. Verification links to the earlier address stay, harmless: they verify only
 * the address they went to, and say so.
 */
export async function welcomeAddress(
  deps: Pick<LinkDeps, 'db' | 'outbox'> & LinkContext,
  { userId, email }: { userId: number; email: string },
): Promise<Delivery> {
  await retireAccountTokens(deps.db, {
    userId,
    purposes: ['reset-password'],
    now: new Date(),
  });
  return sendVerification(deps, { userId, email });
}
