import { useState } from 'react';
import { useMatch } from 'react-router';
import { useTeamSlug } from '../../lib/team-path';
import { useUserContext } from '../../lib/user-context';
import { VerifyEmailNotice } from '../../ui/verify-email-notice';

const dismissedKey = (userId: number, email: string) =>
  `kindling.verify-notice-dismissed:${userId}:${email}`;

function readDismissed(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * Asks for an unverified address to be verified, across the top of the app. Dismissed, it stays
 * away for that address (a new address asks again); User Info keeps its own notice.
 */
export function VerifyEmailBanner() {
  const context = useUserContext(useTeamSlug());
  const onUserInfo = useMatch('/admin/:team/settings/user/info') !== null;
  const user = context.data?.user;
  const key = user ? dismissedKey(user.id, user.email) : '';
  const [dismissed, setDismissed] = useState<string | null>(null);

  if (!user || user.emailVerified || onUserInfo) return null;
  if (dismissed === key || readDismissed(key)) return null;

  function dismiss() {
    try {
      localStorage.setItem(key, '1');
    } catch {
      // Private mode without storage: hidden for this visit only.
    }
    setDismissed(key);
  }

  return (
    <VerifyEmailNotice
      variant="banner"
      email={user.email}
      delivery={context.data?.mailDelivery ?? 'mail'}
      onDismiss={dismiss}
    />
  );
}
