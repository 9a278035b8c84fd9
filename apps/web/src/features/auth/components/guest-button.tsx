import { GUEST_MESSAGES } from '@kindling/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { toastError } from '../../../ui/toast';
import { fetchGuestAccess, guestAccessKey, startGuestSession } from '../api/auth-api';
import { useStartSession } from '../hooks/use-start-session';
import styles from './auth-form.module.css';

/** Whether the server allows guests (GUEST_ACCESS). */
export function useGuestOffer() {
  return useQuery({ queryKey: guestAccessKey, queryFn: fetchGuestAccess, retry: false });
}

/** "Try without signing up": only where the server allows guests. */
export function GuestButton() {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const offered = useGuestOffer();
  const mutation = useMutation({
    mutationFn: startGuestSession,
    onSuccess: async (tokens) => {
      startSession(tokens);
      await navigate('/admin', { replace: true });
    },
    onError: (error) => toastError(error),
  });
  if (offered.data !== true) return null;
  return (
    <div className={styles.guest}>
      <span className={styles.or}>or</span>
      <Button
        variant="outline"
        color="secondary"
        fullWidth
        onClick={() => mutation.mutate()}
        loading={mutation.isPending}
        loadingText="Opening the demo…"
        data-testid="guest-button"
      >
        {GUEST_MESSAGES.tryIt}
      </Button>
    </div>
  );
}
