import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { RequireSession } from '../../../lib/require-session';
import { teamHref } from '../../../lib/team-path';
import { useForm } from '../../../lib/use-form';
import { invalidateUserContext, useUserContext } from '../../../lib/user-context';
import { FormError, TextField } from '../../../ui/field';
import { toastSuccess } from '../../../ui/toast';
import { createTeam } from '../api/auth-api';
import { createTeamFormSchema } from '../api/auth-schemas';
import { AuthLayout } from './auth-layout';
import { AuthSubmit } from './auth-submit';
import styles from './auth-form.module.css';

/** `invitations` lets the app show pending invitations here: joining a team beats making one. */
export function CreateTeamPage({ invitations }: { invitations?: ReactNode }) {
  return (
    <RequireSession>
      <CreateTeamForm invitations={invitations} />
    </RequireSession>
  );
}

function CreateTeamForm({ invitations }: { invitations?: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const context = useUserContext();
  const form = useForm(createTeamFormSchema, { name: '' });
  const firstTeam = context.data?.teams[0];

  const mutation = useMutation({
    mutationFn: createTeam,
    onSuccess: async ({ slug }) => {
      await invalidateUserContext(queryClient);
      toastSuccess('Team created', 'Your team is ready. Time to light the first campaign.');
      await navigate(teamHref(slug, '/campaigns'), { replace: true });
    },
    onError: (error) => form.showError(error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    mutation.mutate(form.values.name.trim());
  }

  return (
    <AuthLayout
      documentTitle="Create your team"
      title="Create your team"
      subtitle="Campaigns, members and billing belong to a team. You can invite colleagues later."
      footer={
        firstTeam ? (
          <Link to={teamHref(firstTeam.slug, '/campaigns')}>Back to {firstTeam.name}</Link>
        ) : null
      }
    >
      {invitations}
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Create team">
        <FormError message={form.formError} />
        <TextField
          label="Team name"
          placeholder="e.g. Acme Growth"
          autoFocus
          {...form.inputProps('name')}
        />
        <AuthSubmit pending={mutation.isPending} loadingText="Creating team…">
          Create team
        </AuthSubmit>
      </form>
    </AuthLayout>
  );
}
