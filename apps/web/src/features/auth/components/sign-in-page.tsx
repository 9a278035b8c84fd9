import { ssoRefusalMessage } from '@kindling/domain';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { lazySchema } from '../../../lib/lazy-schema';
import { useForm } from '../../../lib/use-form';
import { useIsSignedIn } from '../../../lib/use-session';
import { FormError, TextField } from '../../../ui/field';
import { signIn } from '../api/auth-api';
import { useStartSession } from '../hooks/use-start-session';
import { AuthLayout } from './auth-layout';
import { GuestButton, useGuestOffer } from './guest-button';
import { SsoButton, useSsoOffer } from './sso-button';
import { AuthSubmit } from './auth-submit';
import { AuthMessage } from './auth-message';
import type { SignInNotice } from './reset-password-page';
import { safeNext, withNext } from './safe-next';
import styles from './auth-form.module.css';

// Every visitor's first page: its rules (and zod with them) load on the first keystroke or the
// submit, not with the page.
const signInSchema = lazySchema(async () => (await import('../api/auth-schemas')).signInFormSchema);

export function SignInPage() {
  const [params] = useSearchParams();
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const form = useForm(signInSchema, { email: '', password: '' });
  const next = safeNext(params.get('next'));
  const sso = useSsoOffer();
  const guest = useGuestOffer();
  // A refused sign-on comes back here with the server's reason, by key.
  const ssoError = ssoRefusalMessage(params.get('sso_error'));
  const passwordChanged =
    (useLocation().state as Partial<SignInNotice> | null)?.notice === 'password-changed';

  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: async (tokens) => {
      startSession(tokens);
      await navigate(next, { replace: true });
    },
    onError: (error) => form.showError(error),
  });

  if (signedIn && !mutation.isPending && !mutation.isSuccess) {
    return <Navigate to={next} replace />;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!(await form.validateWhenLoaded())) return;
    mutation.mutate({ email: form.values.email.trim(), password: form.values.password });
  }

  const passwordForm = (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Sign in"
    >
      {passwordChanged && !form.formError ? (
        <AuthMessage tone="success" testId="password-changed">
          Your password has been changed. Sign in with the new one.
        </AuthMessage>
      ) : null}
      <FormError message={form.formError} />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        autoFocus
        {...form.inputProps('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.inputProps('password')}
      />
      <Link to="/admin/auth/forgot-password" className={styles.inlineLink}>
        Forgot your password?
      </Link>
      <AuthSubmit pending={mutation.isPending} loadingText="Signing in…">
        Sign in
      </AuthSubmit>
    </form>
  );

  return (
    <AuthLayout
      documentTitle="Sign in"
      title="Welcome back"
      subtitle="Sign in to run and review your experiments."
      settling={sso.isPending || guest.isPending}
      footer={
        sso.data?.only ? undefined : (
          <>
            New here? <Link to={withNext('/admin/auth/sign-up', params)}>Create an account</Link>
          </>
        )
      }
    >
      {ssoError ? (
        <AuthMessage tone="error" testId="sso-error">
          {ssoError}
        </AuthMessage>
      ) : null}
      {sso.data?.only ? (
        <SsoButton next={next} alone />
      ) : (
        <>
          {passwordForm}
          <SsoButton next={next} />
          <GuestButton />
        </>
      )}
    </AuthLayout>
  );
}
