import { Button } from '../../../ui/button';
import { renewInvite, type Invite, type SharedInvite } from '../api/settings-api';
import { useInviteAction } from '../hooks/use-invite-action';

/** A new link (the old one stops working), mailed again and shown to copy. */
export function RenewInviteButton({
  invite,
  onRenewed,
}: {
  invite: Invite;
  onRenewed: (shared: SharedInvite) => void;
}) {
  const mutation = useInviteAction((team) => renewInvite(team, invite.id), onRenewed);
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
