import { Button } from '../../../ui/button';
import { toastSuccess } from '../../../ui/toast';
import { revokeInvite, type Invite } from '../api/settings-api';
import { useInviteAction } from '../hooks/use-invite-action';

export function RevokeInviteButton({ invite }: { invite: Invite }) {
  const mutation = useInviteAction(
    (team) => revokeInvite(team, invite.id),
    () => toastSuccess('Invitation revoked'),
  );
  return (
    <Button
      size="sm"
      variant="ghost"
      color="secondary"
      loading={mutation.isPending}
      onClick={() => mutation.mutate()}
      aria-label={`Revoke invitation for ${invite.email}`}
    >
      Revoke
    </Button>
  );
}
