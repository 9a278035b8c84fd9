import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { config } from '../../../lib/config';
import { errorMessage } from '../../../lib/error-message';
import { invalidateUserContext } from '../../../lib/user-context';
import { useIsSignedIn } from '../../../lib/use-session';
import { ButtonLink } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { verifyEmail } from '../api/account-links-api';
import { AuthLayout } from './auth-layout';
import { AuthMessage } from './auth-message';
import styles from './auth-form.module.css';

const NO_TOKEN =
  'This address has no verification token. Open the link from the mail again, or ask for a new one from your account settings.';

/** Opened from the mail: verifies at once (signed in or not), then leads on into the app. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => invalidateUserContext(queryClient),
  });
  const { mutate } = mutation;
  // One request per token, also when React runs effects twice in development.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [token, mutate]);

  const onward = (
    <div className={styles.actions}>
      <ButtonLink to="/admin" size="lg" fullWidth>
        {signedIn ? `Continue to ${config.brand}` : 'Sign in'}
      </ButtonLink>
    </div>
  );

  if (!token || mutation.isError) {
    return (
      <AuthLayout documentTitle="Address not verified" title="We could not verify your address">
        <AuthMessage tone="error" testId="verify-failed">
          {token ? errorMessage(mutation.error) : NO_TOKEN}
        </AuthMessage>
        {onward}
      </AuthLayout>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthLayout documentTitle="Address verified" title="Address verified">
        <AuthMessage tone="success" testId="verify-done">
          <p>
            <strong>{mutation.data.email}</strong> is verified. Thank you!
          </p>
        </AuthMessage>
        {onward}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout documentTitle="Verifying your address" title="Verifying your address">
      <p className={styles.pending} role="status">
        <Spinner size="sm" /> Checking your link…
      </p>
    </AuthLayout>
  );
}
