import { GUEST_MESSAGES } from '@kindling/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { signOut } from '../../lib/session';
import { useTeamSlug } from '../../lib/team-path';
import { useUserContext } from '../../lib/user-context';
import styles from './guest-banner.module.css';

const [BEFORE, AFTER] = GUEST_MESSAGES.banner.split('Sign up');

/**
 * Across the top of the app in a guest session: what this is, and the way out to an account of
 * one's own ("Sign up" ends the guest session first, or the sign-up screen would send us back).
 */
export function GuestBanner() {
  const context = useUserContext(useTeamSlug());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!context.data?.user.isGuest) return null;

  async function signUp() {
    await signOut();
    queryClient.clear();
    await navigate('/admin/auth/sign-up', { replace: true });
  }

  return (
    <div
      className={styles.banner}
      role="region"
      aria-label="Guest access"
      data-testid="guest-banner"
    >
      <p className={styles.text}>
        {BEFORE}
        <button type="button" className={styles.link} onClick={() => void signUp()}>
          Sign up
        </button>
        {AFTER}
      </p>
    </div>
  );
}
