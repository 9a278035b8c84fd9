import { hashSecret, newSecretToken } from '../../security/secret-token';
import { deliverLink, RESET_PATH, resetMail } from './deliver-link';
import type { Delivery, LinkContext, LinkDeps } from './link-deps';
import { RESET_LINK_HOURS } from './messages';
import { insertAccountToken } from './repo';

/**
 * Mails a single-use reset link when an account uses `email`. The answer is the same whether or
 * not one does, and so is the work up to it: the mail leaves in the background, so an SMTP round
 * trip cannot tell the two apart either. The shared guest account gets none, answered alike: its
 * reset would sign every guest out and hand the account to whoever read the link.
 */
export async function requestPasswordReset(
  deps: Pick<LinkDeps, 'db' | 'outbox' | 'findAccountByEmail'> & LinkContext,
  { email }: { email: string },
): Promise<{ delivery: Delivery }> {
  const account = await deps.findAccountByEmail(deps, { email });
  const token = newSecretToken();
  const tokenHash = hashSecret(token);
  if (account && !account.isGuest) {
    await insertAccountToken(deps.db, {
      userId: account.id,
      purpose: 'reset-password',
      email: account.email,
      tokenHash,
      expiresAt: new Date(Date.now() + RESET_LINK_HOURS * 3_600_000),
    });
    const url = deps.linkTo(RESET_PATH, token);
    deliverLink(deps, { to: account.email, content: resetMail(account.email, url) });
  }
  return { delivery: deps.outbox.configured ? 'mail' : 'log' };
}
