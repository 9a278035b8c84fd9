import { isLastOwner, userInitials } from '@kindling/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDate } from '../../../lib/format';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { useConfirm } from '../../../ui/confirm-dialog';
import { ErrorPanel } from '../../../ui/error-panel';
import { LoadingState } from '../../../ui/spinner';
import { Stack } from '../../../ui/stack';
import { toastSuccess } from '../../../ui/toast';
import {
  membersKey,
  removeMember,
  type Invite,
  type Member,
  type SharedInvite,
} from '../api/settings-api';
import { useTeamMembers } from '../hooks/use-team-details';
import { InviteForm } from './invite-form';
import { InviteLinkPanel } from './invite-link-panel';
import { RenewInviteButton } from './renew-invite-button';
import { RevokeInviteButton } from './revoke-invite-button';
import styles from './team-members-page.module.css';
import { roleName } from '../../../lib/team-roles';

export function TeamMembersPage() {
  useDocumentTitle('Team members');
  const { slug, isOwner } = useCurrentTeam();
  const members = useTeamMembers(slug);
  const [shared, setShared] = useState<SharedInvite | null>(null);

  if (members.isPending) return <LoadingState />;
  if (members.isError) {
    return <ErrorPanel error={members.error} onRetry={() => void members.refetch()} />;
  }
  return (
    <Stack>
      <MemberList members={members.data.members} />
      {isOwner ? <InviteForm onInvited={setShared} /> : null}
      {shared ? <InviteLinkPanel shared={shared} onClose={() => setShared(null)} /> : null}
      <PendingInvites invites={members.data.invites} onRenewed={setShared} />
    </Stack>
  );
}

function roleBadge(role: Member['role']) {
  return <Badge tone={role === 'owner' ? 'brand' : 'neutral'}>{roleName(role)}</Badge>;
}

function MemberList({ members }: { members: Member[] }) {
  const { slug, user, isOwner, membership } = useCurrentTeam();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function remove(member: Member) {
    const self = member.userId === user.id;
    const removed = await confirm({
      title: self ? 'Leave team' : 'Remove member',
      message: self
        ? `You will lose access to ${membership.name} and its campaigns. An owner can invite you again.`
        : `${member.realName} (${member.email}) will lose access to ${membership.name}.`,
      confirmLabel: self ? 'Leave team' : 'Remove',
      danger: true,
      onConfirm: () => removeMember(slug, member.userId),
    });
    if (!removed) return;
    if (self) {
      // Mark stale without refetching here: /admin refetches and picks the next team.
      await queryClient.invalidateQueries({ queryKey: ['user-context'], refetchType: 'none' });
      toastSuccess(`You left ${membership.name}`);
      await navigate('/admin', { replace: true });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: membersKey(slug) });
    toastSuccess(`${member.realName} was removed`);
  }

  return (
    <Card title="Team members" description={`People with access to ${membership.name}.`}>
      <ul className={styles.list} aria-label="Team members">
        {members.map((member) => {
          const self = member.userId === user.id;
          const removable =
            (self || isOwner) &&
            !isLastOwner(member.role, members.filter((m) => m.role === 'owner').length);
          return (
            <li key={member.userId} className={styles.row} data-testid="member-row">
              <Avatar initials={userInitials(member.realName)} />
              <div className={styles.person}>
                <span className={styles.name}>
                  {member.realName}
                  {self ? <span className={styles.you}> (you)</span> : null}
                </span>
                <span className={styles.email}>{member.email}</span>
              </div>
              {roleBadge(member.role)}
              {removable ? (
                <Button
                  size="sm"
                  variant="ghost"
                  color="danger"
                  onClick={() => void remove(member)}
                  aria-label={self ? 'Leave team' : `Remove ${member.realName}`}
                >
                  {self ? 'Leave team' : 'Remove'}
                </Button>
              ) : self && isOwner ? (
                <span className={styles.email}>Only owner</span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function PendingInvites({
  invites,
  onRenewed,
}: {
  invites: Invite[];
  onRenewed: (shared: SharedInvite) => void;
}) {
  const { isOwner, user } = useCurrentTeam();
  if (invites.length === 0) return null;
  return (
    <Card title="Pending invitations" description="Invitations that have not been accepted yet.">
      <ul className={styles.list} aria-label="Pending invitations">
        {invites.map((invite) => (
          <li key={invite.id} className={styles.row} data-testid="invite-row">
            <div className={styles.person}>
              <span className={styles.name}>{invite.email}</span>
              <span className={styles.email}>
                Invited {formatDate(invite.createdAt, user.preferences.timezone)}
              </span>
            </div>
            {invite.expired ? <Badge tone="warning">Link expired</Badge> : null}
            {roleBadge(invite.role)}
            {isOwner ? (
              <span className={styles.inviteActions}>
                <RenewInviteButton invite={invite} onRenewed={onRenewed} />
                <RevokeInviteButton invite={invite} />
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
