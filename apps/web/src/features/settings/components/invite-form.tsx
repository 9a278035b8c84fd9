import { inviteeEmailSchema } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useCurrentTeam } from '../../../lib/current-team';
import { useForm } from '../../../lib/use-form';
import type { TeamRole } from '../../../lib/user-context';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError, SelectField, TextField } from '../../../ui/field';
import { toastSuccess } from '../../../ui/toast';
import { inviteMember, membersKey, type SharedInvite } from '../api/settings-api';
import styles from './team-members-page.module.css';
import { TEAM_ROLE_OPTIONS } from '../../../lib/team-roles';

export function InviteForm({ onInvited }: { onInvited: (shared: SharedInvite) => void }) {
  const { slug, membership } = useCurrentTeam();
  const queryClient = useQueryClient();
  const initial: { inviteeEmail: string; role: TeamRole } = { inviteeEmail: '', role: 'member' };
  const form = useForm(inviteeEmailSchema, initial);

  const mutation = useMutation({
    mutationFn: (input: { email: string; role: TeamRole }) => inviteMember(slug, input),
    onSuccess: async (shared) => {
      form.setValues({ inviteeEmail: '', role: form.values.role });
      onInvited(shared);
      await queryClient.invalidateQueries({ queryKey: membersKey(slug) });
      toastSuccess(
        shared.delivery === 'sent' ? 'Invitation sent' : 'Invitation created',
        `${shared.invite.email} joins ${membership.name} with the link.`,
      );
    },
    onError: (error) => {
      // The server names the field "email"; the form calls it "inviteeEmail".
      if (isApiError(error) && error.fields.email)
        form.setErrors({ inviteeEmail: error.fields.email });
      else form.showError(error);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    mutation.mutate({ email: form.values.inviteeEmail.trim(), role: form.values.role });
  }

  return (
    <Card
      title="Invite a member"
      description="They get a link that works once; with it they join after signing in or signing up."
    >
      <form onSubmit={submit} noValidate aria-label="Invite a member">
        <FormError message={form.formError} />
        <div className={styles.inviteForm}>
          <TextField
            label="E-mail"
            type="email"
            placeholder="colleague@company.com"
            autoComplete="off"
            {...form.inputProps('inviteeEmail')}
          />
          <SelectField
            label="Role"
            value={form.values.role}
            onChange={(event) => form.setField('role', event.target.value as TeamRole)}
          >
            {TEAM_ROLE_OPTIONS.map((role) => (
              <option key={role.value} value={role.value}>
                {`${role.label}: ${role.help}`}
              </option>
            ))}
          </SelectField>
          <Button
            type="submit"
            className={styles.inviteButton}
            loading={mutation.isPending}
            loadingText="Inviting…"
          >
            Send invite
          </Button>
        </div>
      </form>
    </Card>
  );
}
