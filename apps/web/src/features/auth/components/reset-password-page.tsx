import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';
import { useForm } from '../../../lib/use-form';
import { passwordStatus, usePasswordPolicy } from '../../../lib/use-password-policy';
import { ButtonLink } from '../../../ui/button';
import { FormError, TextField } from '../../../ui/field';
import { completePasswordReset } from '../api/account-links-api';
import { resetPasswordFormSchema } from '../api/auth-schemas';
import { AuthLayout } from './auth-layout';
import { AuthSubmit } from './auth-submit';
import { AuthMessage } from './auth-message';
import styles from './auth-form.module.css';

const NO_TOKEN =
  'This address has no reset token. Open the link from the mail again, or ask for a new one.';

/** What the sign-in screen says after a reset (router state, so a reload drops it). */
export interface SignInNotice {
  notice: 'password-changed';
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  const policy = usePasswordPolicy(form.values.password);

  const mutation = useMutation({
    mutationFn: completePasswordReset,
    onSuccess: async () => {
      // The server ended every session, this browser's included.
      queryClient.clear();
      clearSession();
      const state: SignInNotice = { notice: 'password-changed' };
      await navigate('/admin/auth/sign-in', { replace: true, state });
    },
    onError: (error) => form.showError(error),
  });
  const deadLink = isApiError(mutation.error, 400) ? mutation.error.fields.token : undefined;

  if (!token || deadLink) return <DeadLink message={deadLink ?? NO_TOKEN} />;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    mutation.mutate({ token, password: form.values.password });
  }

  return (
    <AuthLayout
      documentTitle="Choose a new password"
      title="Choose a new password"
      subtitle="Choosing a new password signs you out on every device."
      footer={
        <>
          Remembered it? <Link to="/admin/auth/sign-in">Sign in</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Choose a new password">
        <FormError message={form.formError} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          hint="8–128 characters, with at least one letter and one number."
          status={form.errors.password ? undefined : passwordStatus(policy, form.values.password)}
          {...form.inputProps('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.inputProps('confirmPassword')}
        />
        <AuthSubmit pending={mutation.isPending} loadingText="Saving password…">
          Set new password
        </AuthSubmit>
      </form>
    </AuthLayout>
  );
}

function DeadLink({ message }: { message: string }) {
  return (
    <AuthLayout documentTitle="Link no longer works" title="This link no longer works">
      <AuthMessage tone="error" testId="dead-link">
        {message}
      </AuthMessage>
      <div className={styles.actions}>
        <ButtonLink to="/admin/auth/forgot-password" size="lg" fullWidth>
          Ask for a new link
        </ButtonLink>
        <ButtonLink
          to="/admin/auth/sign-in"
          size="lg"
          variant="outline"
          color="secondary"
          fullWidth
        >
          Back to sign in
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
