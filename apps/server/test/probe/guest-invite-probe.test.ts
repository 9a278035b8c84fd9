import { describe, expect, it } from 'vitest';
import { bearer, createTeam, signUp, useTestApp } from '../test-app';

// Anyone can invite the shared guest address to a team of theirs; every guest then sees that
// invitation (team name and inviter chosen by the attacker) in /api/user/invites.
describe('probe: inviting the guest account', () => {
  const t = useTestApp('pglite', { JOB_WORKER: false, GUEST_ACCESS: true });

  it('is refused, and guests see no invitations', async () => {
    const guest = (await t.current.app.inject({ method: 'POST', url: '/api/auth/guest' })).json<{
      accessToken: string;
    }>();
    const mallory = await signUp(t.current.app, 'Support desk');
    const slug = await createTeam(t.current.app, mallory, 'Call +1 555 0100 to unlock your demo');
    const invited = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/members/invite`,
      headers: bearer(mallory),
      payload: { email: 'guest@kindling.invalid', role: 'member' },
    });
    const seen = await t.current.app.inject({
      method: 'GET',
      url: '/api/user/invites',
      headers: { authorization: `Bearer ${guest.accessToken}` },
    });
    expect({
      invited: invited.statusCode,
      invites: seen.json<{ invites: unknown[] }>().invites.length,
    }).toEqual({ invited: 400, invites: 0 });
  });
});
