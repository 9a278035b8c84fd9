import { SSO_MESSAGES } from '@kindling/domain';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useForm } from '../../../lib/use-form';
import { passwordStatus, usePasswordPolicy } from '../../../lib/use-password-policy';
import { FormError, TextField } from '../../../ui/field';
import { register, signIn, type RegisterInput } from '../api/auth-api';
import { signUpFormSchema } from '../api/auth-schemas';
import { useStartSession } from '../hooks/use-start-session';
import { AuthLayout } from './auth-layout';
import { AuthMessage } from './auth-message';
import { SsoButton, useSsoOffer } from './sso-button';
import { AuthSubmit } from './auth-submit';
import { safeNext, withNext } from './safe-next';
import styles from './auth-form.module.css';

export function SignUpPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // From an invitation link: back there to accept, instead of making a team of one's own.
  const next = params.get('next') ? safeNext(params.get('next')) : '/admin/auth/create-team';
  const startSession = useStartSession();
  const form = useForm(signUpFormSchema, { realName: '', email: '', password: '' });
  const policy = usePasswordPolicy(form.values.password);
  const sso = useSsoOffer();

  const mutation = useMutation({
    mutationFn: async (input: RegisterInput) => {
      await register(input);
      return signIn({ email: input.email, password: input.password });
    },
    onSuccess: async (tokens) => {
      startSession(tokens);
      await navigate(next, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error, 409)) form.setErrors({ email: error.message });
      else form.showError(error);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    mutation.mutate({
      realName: form.values.realName.trim(),
      email: form.values.email.trim(),
      password: form.values.password,
    });
  }

  // Only single sign-on here: the first sign-on makes the account.
  if (sso.data?.only) {
    return (
      <AuthLayout documentTitle="Create your account" title="Create your account">
        <AuthMessage tone="info">{SSO_MESSAGES.ssoOnly(sso.data.name)}</AuthMessage>
        <SsoButton next={next} alone />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      documentTitle="Create your account"
      title="Create your account"
      subtitle="Start validating ideas in minutes."
      settling={sso.isPending}
      footer={
        <>
          Already have an account? <Link to={withNext('/admin/auth/sign-in', params)}>Sign in</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Create account">
        <FormError message={form.formError} />
        <TextField
          label="Full name"
          autoComplete="name"
          autoFocus
          {...form.inputProps('realName')}
        />
        <TextField label="E-mail" type="email" autoComplete="email" {...form.inputProps('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="8–128 characters, with at least one letter and one number."
          status={form.errors.password ? undefined : passwordStatus(policy, form.values.password)}
          {...form.inputProps('password')}
        />
        <AuthSubmit variant="gradient" pending={mutation.isPending} loadingText="Creating account…">
          Create account
        </AuthSubmit>
      </form>
      <SsoButton next={next} />
    </AuthLayout>
  );
}
