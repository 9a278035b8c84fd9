export const TEAM_MESSAGES = {
  alreadyMember: 'This person is already a member of the team',
  alreadyInvited: 'This person has already been invited',
  lastOwner: 'A team needs at least one owner. Make someone else an owner first.',
  inviteNotFound: 'This invitation no longer exists',
  inviteLinkInvalid:
    'This invitation link does not work any more: it was used, revoked or replaced by a newer one. Ask the team owner to send it again.',
  inviteLinkExpired: 'This invitation link has expired. Ask the team owner to send it again.',
  inviteNeedsVerification:
    'Verify your e-mail address to accept this invitation, or open the link in the invitation e-mail.',
  memberNotFound: 'This person is not a member of the team',
} as const;
