import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { config } from '../../../lib/config';
import { useForm } from '../../../lib/use-form';
import type { MailDelivery } from '../../../lib/user-context';
import { Button, ButtonLink } from '../../../ui/button';
import { FormError, TextField } from '../../../ui/field';
import { requestPasswordReset } from '../api/account-links-api';
import { forgotPasswordFormSchema } from '../api/auth-schemas';
import { AuthLayout } from './auth-layout';
import { AuthSubmit } from './auth-submit';
import { AuthMessage } from './auth-message';
import styles from './auth-form.module.css';

const backToSignIn = (
  <>
    Remembered it? <Link to="/admin/auth/sign-in">Sign in</Link>
  </>
);

export function ForgotPasswordPage() {
  const form = useForm(forgotPasswordFormSchema, { email: '' });
  const [sent, setSent] = useState<{ email: string; delivery: MailDelivery } | null>(null);

  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: ({ delivery }, email) => setSent({ email, delivery }),
    onError: (error) => form.showError(error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    mutation.mutate(form.values.email.trim());
  }

  if (sent) {
    return (
      <AuthLayout documentTitle="Reset requested" title="Reset requested">
        <AuthMessage tone="info" testId="reset-requested">
          {sent.delivery === 'mail' ? (
            <p>
              Check your inbox: if an account uses <strong>{sent.email}</strong>, we&apos;ve sent it
              a link to choose a new password. The link works for 1 hour.
            </p>
          ) : (
            <>
              <p>
                This {config.brand} server has no mail server set up, so the link was written to its
                log. Ask the person who runs it to pass it on.
              </p>
              <p>The link works for 1 hour.</p>
            </>
          )}
        </AuthMessage>
        <div className={styles.actions}>
          <ButtonLink to="/admin/auth/sign-in" size="lg" fullWidth>
            Back to sign in
          </ButtonLink>
          <Button
            variant="outline"
            color="secondary"
            size="lg"
            fullWidth
            onClick={() => {
              mutation.reset();
              setSent(null);
            }}
          >
            Use another address
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      documentTitle="Forgot your password?"
      title="Forgot your password?"
      subtitle="Enter the e-mail you sign in with. We'll send you a link to choose a new password."
      footer={backToSignIn}
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Reset password">
        <FormError message={form.formError} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          autoFocus
          {...form.inputProps('email')}
        />
        <AuthSubmit pending={mutation.isPending} loadingText="Sending link…">
          Send reset link
        </AuthSubmit>
      </form>
    </AuthLayout>
  );
}
