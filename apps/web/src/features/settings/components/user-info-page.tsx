import { ACCOUNT_MESSAGES, realNameSchema } from '@kindling/domain';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { useForm } from '../../../lib/use-form';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError, TextField } from '../../../ui/field';
import { VerifyEmailNotice } from '../../../ui/verify-email-notice';
import type { UserChanges } from '../api/settings-api';
import { useSaveUser } from '../hooks/use-save-user';
import styles from './settings-form.module.css';

const CURRENT_PASSWORD_FOR_EMAIL = 'Please enter your current password to change your e-mail';

const normalEmail = (value: string) => value.trim().toLowerCase();

/** A new address needs the current password (reset links go there); the server asks too. */
function userInfoSchema(currentEmail: string) {
  return z
    .object({
      realName: realNameSchema,
      email: z
        .string()
        .trim()
        .min(1, { error: 'Please enter your e-mail', abort: true })
        .pipe(z.email({ error: ACCOUNT_MESSAGES.email })),
      currentPassword: z.string(),
    })
    .refine(
      (values) => normalEmail(values.email) === currentEmail || values.currentPassword !== '',
      { message: CURRENT_PASSWORD_FOR_EMAIL, path: ['currentPassword'] },
    );
}

export function UserInfoPage() {
  useDocumentTitle('User info');
  const { user, mailDelivery } = useCurrentTeam();
  const form = useForm(userInfoSchema(user.email), {
    realName: user.realName,
    email: user.email,
    currentPassword: '',
  });
  const save = useSaveUser('Profile saved', (error) => form.showError(error));
  const emailChanged = normalEmail(form.values.email) !== user.email;
  const nameChanged = form.values.realName.trim() !== user.realName;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    const changes: UserChanges = {};
    if (nameChanged) changes.realName = form.values.realName.trim();
    if (emailChanged) {
      changes.email = normalEmail(form.values.email);
      changes.currentPassword = form.values.currentPassword;
    }
    save.mutate(changes, {
      onSuccess: (saved) =>
        form.setValues({ ...form.values, email: saved.email, currentPassword: '' }),
    });
  }

  return (
    <Card title="User Info" description="How you appear to your team, and where we write to you.">
      <form className={styles.form} onSubmit={submit} noValidate>
        {user.emailVerified ? null : (
          <VerifyEmailNotice email={user.email} delivery={mailDelivery} />
        )}
        <FormError message={form.formError} />
        <TextField label="Full name" autoComplete="name" {...form.inputProps('realName')} />
        <TextField
          label={
            <span className={styles.labelRow}>
              E-mail
              {user.emailVerified ? <Badge tone="success">Verified</Badge> : null}
            </span>
          }
          type="email"
          autoComplete="email"
          hint="You sign in with it. A new address gets a link to verify it."
          {...form.inputProps('email')}
        />
        {emailChanged ? (
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            hint="Needed to change your e-mail: password reset links go there."
            {...form.inputProps('currentPassword')}
          />
        ) : null}
        <div className={styles.actions}>
          <Button
            type="submit"
            loading={save.isPending}
            loadingText="Saving…"
            disabled={!nameChanged && !emailChanged}
          >
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
