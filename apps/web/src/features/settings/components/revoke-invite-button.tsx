import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentTeam } from '../../../lib/current-team';
import { Button } from '../../../ui/button';
import { toastError, toastSuccess } from '../../../ui/toast';
import { membersKey, revokeInvite, type Invite } from '../api/settings-api';

export function RevokeInviteButton({ invite }: { invite: Invite }) {
  const { slug } = useCurrentTeam();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => revokeInvite(slug, invite.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: membersKey(slug) });
      toastSuccess('Invitation revoked');
    },
    onError: (error) => toastError(error),
  });
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
