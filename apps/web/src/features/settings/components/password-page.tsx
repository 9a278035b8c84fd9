import { passwordSchema } from '@kindling/domain';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { useDocumentTitle } from '../../../lib/document-title';
import { useForm } from '../../../lib/use-form';
import { passwordStatus, usePasswordPolicy } from '../../../lib/use-password-policy';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError, TextField } from '../../../ui/field';
import { useSaveUser } from '../hooks/use-save-user';
import styles from './settings-form.module.css';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

const passwordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password'),
    newPassword: passwordSchema,
    confirmPassword: z.string().min(1, 'Please repeat the new password'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export function PasswordPage() {
  useDocumentTitle('Password');
  const form = useForm(passwordFormSchema, EMPTY);
  const policy = usePasswordPolicy(form.values.newPassword);
  const save = useSaveUser('Password changed', (error) => form.showError(error));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    save.mutate(
      { currentPassword: form.values.currentPassword, newPassword: form.values.newPassword },
      { onSuccess: () => form.setValues(EMPTY) },
    );
  }

  return (
    <Card title="Password" description="Use at least 8 characters with a letter and a number.">
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormError message={form.formError} />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.inputProps('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          status={
            form.errors.newPassword ? undefined : passwordStatus(policy, form.values.newPassword)
          }
          {...form.inputProps('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.inputProps('confirmPassword')}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending} loadingText="Saving…">
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
