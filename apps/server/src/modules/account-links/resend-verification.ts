import { AppError, notFound } from '../../errors';
import type { Delivery, LinkContext, LinkDeps } from './link-deps';
import { LINK_MESSAGES } from './messages';
import { sendVerification } from './send-verification';

/** A fresh verification link for the signed-in user's current address. */
export async function resendVerification(
  deps: Pick<LinkDeps, 'db' | 'outbox' | 'findAccountById'> & LinkContext,
  { userId }: { userId: number },
): Promise<{ email: string; delivery: Delivery }> {
  const account = await deps.findAccountById(deps, { userId });
  if (!account) throw notFound('User not found');
  if (account.emailVerified) throw new AppError('CONFLICT', LINK_MESSAGES.alreadyVerified);
  const delivery = await sendVerification(deps, { userId, email: account.email });
  return { email: account.email, delivery };
}
