import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { teamHref } from '../../../lib/team-path';
import { useIsSignedIn } from '../../../lib/use-session';
import { invalidateUserContext, useUserContext } from '../../../lib/user-context';
import { Button, ButtonLink } from '../../../ui/button';
import { FormError } from '../../../ui/field';
import { Spinner } from '../../../ui/spinner';
import { toastSuccess } from '../../../ui/toast';
import {
  acceptInviteLink,
  inviteLinkKey,
  viewInviteLink,
  type InviteLinkView,
} from '../api/auth-api';
import { AuthLayout } from './auth-layout';
import styles from './invite-page.module.css';

const INCOMPLETE_LINK =
  'This invitation link is incomplete. Open the whole link from the invitation e-mail.';

/** Where an invitation link lands: see the team, sign in or sign up if needed, join. */
export function InvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const view = useQuery({
    queryKey: inviteLinkKey(token),
    queryFn: () => viewInviteLink(token),
    enabled: token !== '',
    retry: false,
  });

  if (token === '' || view.isError) {
    return (
      <AuthLayout documentTitle="Invitation" title="This invitation does not work">
        <p className={styles.problem} role="alert">
          {token === '' ? INCOMPLETE_LINK : errorMessage(view.error)}
        </p>
        <ButtonLink to="/admin" variant="outline" color="secondary" fullWidth>
          Go to Kindling
        </ButtonLink>
      </AuthLayout>
    );
  }
  if (!view.data) {
    return (
      <AuthLayout documentTitle="Invitation" title="Opening your invitation…">
        <Spinner />
      </AuthLayout>
    );
  }
  return <Invitation token={token} invite={view.data} />;
}

function Invitation({ token, invite }: { token: string; invite: InviteLinkView }) {
  const signedIn = useIsSignedIn();
  const here = `/admin/auth/invite?${new URLSearchParams({ token }).toString()}`;
  const role = invite.role === 'owner' ? 'an owner' : 'a member';
  return (
    <AuthLayout
      documentTitle={`Join ${invite.team.name}`}
      title={`Join ${invite.team.name}`}
      subtitle={
        <>
          <strong>{invite.invitedBy}</strong> invited you to join{' '}
          <strong>{invite.team.name}</strong> as {role}.
        </>
      }
    >
      {signedIn ? (
        <AcceptAsCurrentUser token={token} teamName={invite.team.name} />
      ) : (
        <div className={styles.actions}>
          <ButtonLink
            to={`/admin/auth/sign-in?${new URLSearchParams({ next: here }).toString()}`}
            size="lg"
            fullWidth
          >
            Sign in to accept
          </ButtonLink>
          <ButtonLink
            to={`/admin/auth/sign-up?${new URLSearchParams({ next: here }).toString()}`}
            variant="outline"
            color="secondary"
            size="lg"
            fullWidth
          >
            Create an account
          </ButtonLink>
        </div>
      )}
      <p className={styles.note}>
        The invitation was sent to {invite.email}. The link works once, with any account.
      </p>
    </AuthLayout>
  );
}

function AcceptAsCurrentUser({ token, teamName }: { token: string; teamName: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useUserContext();
  const accept = useMutation({
    mutationFn: () => acceptInviteLink(token),
    onSuccess: async ({ slug }) => {
      toastSuccess(`You joined ${teamName}`);
      await invalidateUserContext(queryClient);
      await navigate(teamHref(slug, '/campaigns'), { replace: true });
    },
  });
  return (
    <div className={styles.actions}>
      <FormError message={accept.isError ? errorMessage(accept.error) : null} />
      <Button
        size="lg"
        fullWidth
        onClick={() => accept.mutate()}
        loading={accept.isPending}
        loadingText="Joining…"
      >
        Join {teamName}
      </Button>
      {me.data ? <p className={styles.note}>You are signed in as {me.data.user.email}.</p> : null}
    </div>
  );
}
