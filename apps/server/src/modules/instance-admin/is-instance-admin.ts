import type { Config } from '../../config';
import type { AccountSummary } from '../users/find-account';

/**
 * An instance administrator: the account's address is listed in INSTANCE_ADMIN_EMAILS and
 * verified. Unverified, anyone who signed up first with a listed address would be one.
 */
export function isInstanceAdmin(
  { config }: { config: Pick<Config, 'INSTANCE_ADMIN_EMAILS'> },
  account: Pick<AccountSummary, 'email' | 'emailVerified'>,
): boolean {
  return (
    account.emailVerified && config.INSTANCE_ADMIN_EMAILS.includes(account.email.toLowerCase())
  );
}
