import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, createTeam, errorOf, PASSWORD, signUp, useTestApp } from '../../../test/test-app';

describeEachDatabase('teams, members and the user context', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string, account: { token: string }) =>
    t.current.app.inject({ method: 'GET', url, headers: bearer(account) });
  const post = (url: string, account: { token: string }, payload: object) =>
    t.current.app.inject({ method: 'POST', url, headers: bearer(account), payload });

  it('creates a team with the creator as owner and makes it the default team', async () => {
    const owner = await signUp(t.current.app, 'Ada Lovelace');
    const slug = await createTeam(t.current.app, owner, 'Analytical Engines');
    expect(slug).toBe('analytical-engines');
    const context = (await get(`/api/user/by-session?team=${slug}`, owner)).json();
    expect(context).toMatchObject({
      user: { id: owner.userId, email: owner.email, realName: 'Ada Lovelace', defaultTeam: slug },
      teams: [{ slug, name: 'Analytical Engines', role: 'owner', subscription: null }],
      featureFlags: [],
      // No ADMIN_URL nor PUBLIC_URL in tests: links follow the origin the request came to.
      adminUrl: 'http://localhost:80',
    });
  });

  it('gives a second team with the same name its own slug', async () => {
    const owner = await signUp(t.current.app);
    const first = await createTeam(t.current.app, owner, 'Same Name');
    const second = await createTeam(t.current.app, owner, 'Same Name');
    expect(second).not.toBe(first);
    expect(second.startsWith('same-name-')).toBe(true);
  });

  it('refuses a team name that is too short', async () => {
    const owner = await signUp(t.current.app);
    const response = await post('/api/teams', owner, { name: 'x' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.name).toBe('Team name must be at least 2 characters');
  });

  it('stores feature flags per team and reports them in by-session', async () => {
    const owner = await signUp(t.current.app);
    const slug = await createTeam(t.current.app, owner, 'Flags');
    const other = await createTeam(t.current.app, owner, 'No Flags');
    const on = await post(`/api/team/${slug}/feature-flags`, owner, {
      flag: 'calendar',
      enabled: true,
    });
    expect(on.json()).toEqual({ featureFlags: ['calendar'] });
    await post(`/api/team/${slug}/feature-flags`, owner, { flag: 'view_variant', enabled: true });
    expect((await get(`/api/user/by-session?team=${slug}`, owner)).json().featureFlags).toEqual([
      'calendar',
      'view_variant',
    ]);
    expect((await get(`/api/user/by-session?team=${other}`, owner)).json().featureFlags).toEqual(
      [],
    );
    const unknown = await post(`/api/team/${slug}/feature-flags`, owner, {
      flag: 'nope',
      enabled: true,
    });
    expect(unknown.statusCode).toBe(400);
  });

  describe('members', () => {
    it('invites by e-mail; the invitee accepts with the link and becomes a member', async () => {
      const owner = await signUp(t.current.app, 'Owner One');
      const slug = await createTeam(t.current.app, owner, 'Invite Team');
      const invitee = await signUp(t.current.app, 'Invitee Two');
      const invited = await post(`/api/team/${slug}/members/invite`, owner, {
        email: invitee.email.toUpperCase(),
        role: 'member',
      });
      expect(invited.statusCode).toBe(201);
      const { link, delivery } = invited.json<{ link: string; delivery: string }>();
      expect(delivery).toBe('not-configured');
      const pending = (await get('/api/user/invites', invitee)).json<{
        invites: { id: number }[];
      }>();
      expect(pending.invites).toEqual([
        {
          id: expect.any(Number),
          role: 'member',
          invitedBy: 'Owner One',
          team: { slug, name: 'Invite Team' },
          canAccept: false,
        },
      ]);
      const token = new URL(link).searchParams.get('token')!;
      const accepted = await post('/api/invites/link/accept', invitee, { token });
      expect(accepted.json()).toEqual({ slug });
      const members = (await get(`/api/team/${slug}/members`, owner)).json();
      expect(
        members.members.map((m: { realName: string; role: string }) => [m.realName, m.role]),
      ).toEqual([
        ['Owner One', 'owner'],
        ['Invitee Two', 'member'],
      ]);
      expect(members.invites).toEqual([]);
      expect((await get(`/api/team/${slug}/campaign/by-team`, invitee)).statusCode).toBe(200);
    });

    it('refuses a bad invitee e-mail with the spec message', async () => {
      const owner = await signUp(t.current.app);
      const slug = await createTeam(t.current.app, owner, 'Bad Invite');
      const response = await post(`/api/team/${slug}/members/invite`, owner, {
        email: 'nope',
        role: 'member',
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.email).toBe('Please enter a valid email address');
    });

    it('does not let someone else accept an invitation for another address', async () => {
      const owner = await signUp(t.current.app);
      const slug = await createTeam(t.current.app, owner, 'Targeted');
      const invitee = await signUp(t.current.app);
      const stranger = await signUp(t.current.app);
      await post(`/api/team/${slug}/members/invite`, owner, {
        email: invitee.email,
        role: 'member',
      });
      const { invites } = (await get('/api/user/invites', invitee)).json<{
        invites: { id: number }[];
      }>();
      const stolen = await post('/api/user/invites/accept', stranger, { id: invites[0]!.id });
      expect(stolen.statusCode).toBe(404);
      expect((await get(`/api/team/${slug}`, stranger)).statusCode).toBe(404);
    });

    it('only owners invite; members may leave; the last owner stays', async () => {
      const owner = await signUp(t.current.app);
      const slug = await createTeam(t.current.app, owner, 'Roles');
      const member = await signUp(t.current.app);
      const invited = await post(`/api/team/${slug}/members/invite`, owner, {
        email: member.email,
        role: 'member',
      });
      const token = new URL(invited.json<{ link: string }>().link).searchParams.get('token')!;
      await post('/api/invites/link/accept', member, { token });

      const byMember = await post(`/api/team/${slug}/members/invite`, member, {
        email: 'x@example.com',
        role: 'member',
      });
      expect(byMember.statusCode).toBe(403);
      const kickOwner = await t.current.app.inject({
        method: 'DELETE',
        url: `/api/team/${slug}/members/remove?userId=${owner.userId}`,
        headers: bearer(member),
      });
      expect(kickOwner.statusCode).toBe(403);
      const ownerLeaves = await t.current.app.inject({
        method: 'DELETE',
        url: `/api/team/${slug}/members/remove?userId=${owner.userId}`,
        headers: bearer(owner),
      });
      expect(ownerLeaves.statusCode).toBe(409);
      expect(errorOf(ownerLeaves).message).toBe(
        'A team needs at least one owner. Make someone else an owner first.',
      );
      const leave = await t.current.app.inject({
        method: 'DELETE',
        url: `/api/team/${slug}/members/remove?userId=${member.userId}`,
        headers: bearer(member),
      });
      expect(leave.statusCode).toBe(204);
      expect((await get(`/api/team/${slug}`, member)).statusCode).toBe(404);
    });

    it('revokes a pending invitation', async () => {
      const owner = await signUp(t.current.app);
      const slug = await createTeam(t.current.app, owner, 'Revoke');
      const invited = await post(`/api/team/${slug}/members/invite`, owner, {
        email: 'later@example.com',
        role: 'owner',
      });
      const id = invited.json<{ invite: { id: number } }>().invite.id;
      const dup = await post(`/api/team/${slug}/members/invite`, owner, {
        email: 'later@example.com',
        role: 'owner',
      });
      expect(dup.statusCode).toBe(409);
      const revoke = await t.current.app.inject({
        method: 'DELETE',
        url: `/api/team/${slug}/invites/revoke?id=${id}`,
        headers: bearer(owner),
      });
      expect(revoke.statusCode).toBe(204);
      expect((await get(`/api/team/${slug}/members`, owner)).json().invites).toEqual([]);
    });
  });

  describe('user settings', () => {
    it('validates passwords against the policy', async () => {
      const weak = await t.current.app.inject({
        method: 'GET',
        url: '/api/user/validate-password?password=abc',
      });
      expect(weak.json()).toEqual({
        valid: false,
        message: 'Password must be at least 8 characters',
      });
      const strong = await t.current.app.inject({
        method: 'GET',
        url: `/api/user/validate-password?password=${PASSWORD}`,
      });
      expect(strong.json()).toEqual({ valid: true });
    });

    it('checks usernames for shape and availability', async () => {
      const first = await signUp(t.current.app);
      const second = await signUp(t.current.app);
      const name = `ada${Date.now().toString(36)}`;
      expect((await get(`/api/user/validate-name?username=${name}`, first)).json()).toEqual({
        valid: true,
        available: true,
      });
      expect((await post('/api/user/save', first, { username: name })).statusCode).toBe(200);
      expect(
        (await get(`/api/user/validate-name?username=${name.toUpperCase()}`, second)).json(),
      ).toEqual({
        valid: true,
        available: false,
        message: 'This username is already taken',
      });
      const taken = await post('/api/user/save', second, { username: name });
      expect(taken.statusCode).toBe(400);
      expect(errorOf(taken).fields?.username).toBe('This username is already taken');
      expect((await get('/api/user/validate-name?username=a', second)).json().valid).toBe(false);
    });

    it('saves real name, preferences and default team', async () => {
      const account = await signUp(t.current.app);
      const a = await createTeam(t.current.app, account, 'Team A');
      const b = await createTeam(t.current.app, account, 'Team B');
      const saved = await post('/api/user/save', account, {
        realName: 'Ada King',
        preferences: { timezone: 'Europe/London', previewSize: 'mobile' },
        defaultTeam: b,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().user).toMatchObject({
        realName: 'Ada King',
        defaultTeam: b,
        preferences: { timezone: 'Europe/London', previewSize: 'mobile', menuCollapsed: false },
      });
      const badZone = await post('/api/user/save', account, {
        preferences: { timezone: 'Mars/Olympus' },
      });
      expect(badZone.statusCode).toBe(400);
      const notMine = await post('/api/user/save', account, { defaultTeam: 'someone-elses-team' });
      expect(notMine.statusCode).toBe(400);
      expect((await get('/api/user/by-session', account)).json().user.defaultTeam).toBe(b);
      expect(a).not.toBe(b);
    });

    it('changes the password only with the current one, and signs out other sessions', async () => {
      const account = await signUp(t.current.app);
      const other = await t.current.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: account.email, password: PASSWORD },
      });
      const otherToken = other.json<{ accessToken: string }>().accessToken;
      const wrong = await post('/api/user/save', account, {
        currentPassword: 'nope-nope-1',
        newPassword: 'brand-new-pass-2',
      });
      expect(wrong.statusCode).toBe(400);
      expect(errorOf(wrong).fields?.currentPassword).toBe('Your current password is not correct');
      const ok = await post('/api/user/save', account, {
        currentPassword: PASSWORD,
        newPassword: 'brand-new-pass-2',
      });
      expect(ok.statusCode).toBe(200);
      expect((await get('/api/user/by-session', { token: otherToken })).statusCode).toBe(401);
      expect((await get('/api/user/by-session', account)).statusCode).toBe(200);
      const signIn = await t.current.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: account.email, password: 'brand-new-pass-2' },
      });
      expect(signIn.statusCode).toBe(200);
    });
  });
});
