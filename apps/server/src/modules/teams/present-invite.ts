/** An invitation as owners see it on Team members; `expired` once its link no longer works. */
export function presentInvite(
  invite: { id: number; email: string; role: string; createdAt: Date; expiresAt: Date | null },
  now = new Date(),
) {
  return {
    id: invite.id,
    email: invite.email,
    role: invite.role,
    createdAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt?.toISOString() ?? null,
    expired: invite.expiresAt !== null && invite.expiresAt <= now,
  };
}
