import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentTeam } from '../../../lib/current-team';
import { Button } from '../../../ui/button';
import { toastError } from '../../../ui/toast';
import { membersKey, renewInvite, type Invite, type SharedInvite } from '../api/settings-api';

/** A new link (the old one stops working), mailed again and shown to copy. */
export function RenewInviteButton({
  invite,
  onRenewed,
}: {
  invite: Invite;
  onRenewed: (shared: SharedInvite) => void;
}) {
  const { slug } = useCurrentTeam();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => renewInvite(slug, invite.id),
    onSuccess: async (shared) => {
      onRenewed(shared);
      await queryClient.invalidateQueries({ queryKey: membersKey(slug) });
    },
    onError: (error) => toastError(error),
  });
  return (
    <Button
      size="sm"
      variant="ghost"
      color="secondary"
      loading={mutation.isPending}
      loadingText="Sending…"
      onClick={() => mutation.mutate()}
      aria-label={`Send the invitation for ${invite.email} again`}
    >
      Send again
    </Button>
  );
}
