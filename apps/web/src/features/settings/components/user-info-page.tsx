import { realNameSchema } from '@kindling/domain';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { useForm } from '../../../lib/use-form';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError, TextField } from '../../../ui/field';
import { useSaveUser } from '../hooks/use-save-user';
import styles from './settings-form.module.css';

const userInfoSchema = z.object({ realName: realNameSchema });

export function UserInfoPage() {
  useDocumentTitle('User info');
  const { user } = useCurrentTeam();
  const form = useForm(userInfoSchema, { realName: user.realName });
  const save = useSaveUser('Profile saved', (error) => form.showError(error));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    save.mutate({ realName: form.values.realName.trim() });
  }

  return (
    <Card title="User Info" description="How you appear to your team.">
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormError message={form.formError} />
        <TextField label="Full name" autoComplete="name" {...form.inputProps('realName')} />
        <TextField
          label="E-mail"
          type="email"
          value={user.email}
          readOnly
          hint="Your sign-in e-mail cannot be changed here."
        />
        <div className={styles.actions}>
          <Button
            type="submit"
            loading={save.isPending}
            loadingText="Saving…"
            disabled={form.values.realName.trim() === user.realName}
          >
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
