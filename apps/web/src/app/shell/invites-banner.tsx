import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { teamHref } from '../../lib/team-path';
import { invalidateUserContext } from '../../lib/user-context';
import { Button } from '../../ui/button';
import { MailIcon } from '../../ui/icons';
import { toastError, toastSuccess } from '../../ui/toast';
import { acceptInvite, fetchInvites, invitesKey, type PendingInvite } from './shell-api';
import styles from './invites-banner.module.css';

/** Pending invitations for the signed-in user's e-mail, each with an Accept button. */
export function InvitesBanner({ compact = false }: { compact?: boolean }) {
  const invites = useQuery({ queryKey: invitesKey, queryFn: fetchInvites, staleTime: 60_000 });
  if (!invites.data || invites.data.length === 0) return null;
  return (
    <div
      className={compact ? styles.compactStack : styles.stack}
      role="region"
      aria-label="Team invitations"
    >
      {invites.data.map((invite) => (
        <InviteRow key={invite.id} invite={invite} />
      ))}
    </div>
  );
}

function InviteRow({ invite }: { invite: PendingInvite }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const accept = useMutation({
    mutationFn: () => acceptInvite(invite.id),
    onSuccess: async ({ slug }) => {
      toastSuccess(`You joined ${invite.team.name}`);
      await Promise.all([
        invalidateUserContext(queryClient),
        queryClient.invalidateQueries({ queryKey: invitesKey }),
      ]);
      await navigate(teamHref(slug, '/campaigns'));
    },
    onError: (error) => toastError(error),
  });

  return (
    <div className={styles.banner} data-testid="invite-banner">
      <span className={styles.icon}>
        <MailIcon size={18} />
      </span>
      <p className={styles.text}>
        <strong>{invite.invitedBy}</strong> invited you to join <strong>{invite.team.name}</strong>{' '}
        as {invite.role === 'owner' ? 'an owner' : 'a member'}.
        {invite.canAccept ? null : (
          <> To accept, open the link in the invitation e-mail or verify your e-mail address.</>
        )}
      </p>
      {invite.canAccept ? (
        <Button
          size="sm"
          onClick={() => accept.mutate()}
          loading={accept.isPending}
          loadingText="Joining…"
          aria-label={`Accept invitation to ${invite.team.name}`}
        >
          Accept
        </Button>
      ) : null}
    </div>
  );
}
