export const TEAM_MESSAGES = {
  alreadyMember: 'This person is already a member of the team',
  alreadyInvited: 'This person has already been invited',
  lastOwner: 'A team needs at least one owner. Make someone else an owner first.',
  inviteNotFound: 'This invitation no longer exists',
  memberNotFound: 'This person is not a member of the team',
} as const;
