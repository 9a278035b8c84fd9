import { INVITE_LINK_DAYS } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { linkIn, useSmtpCapture } from '../../../test/smtp-capture';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  uniqueEmail,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { TEAM_MESSAGES } from './team-messages';

const PUBLIC_URL = 'https://kindling.example.com';
const ACCEPT_LINK = `${PUBLIC_URL}/admin/auth/invite`;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describeEachDatabase('invitations need proof of receipt', (kind) => {
  const smtp = useSmtpCapture();
  const t = useTestApp(kind, () => ({ SMTP_URL: smtp.url, PUBLIC_URL }));
  const get = (url: string, account?: Account) =>
    t.current.app.inject({ method: 'GET', url, headers: account ? bearer(account) : {} });
  const post = (url: string, account: Account, payload: object) =>
    t.current.app.inject({ method: 'POST', url, headers: bearer(account), payload });
  const isMember = async (slug: string, account: Account) =>
    (await get(`/api/team/${slug}`, account)).statusCode === 200;
  const verifyAddress = (account: Account) =>
    t.current.services.db
      .updateTable('users')
      .set({ emailVerifiedAt: new Date() })
      .where('id', '=', account.userId)
      .execute();

  async function invite(email: string, role = 'member') {
    const owner = await signUp(t.current.app, 'Olga Owner');
    const slug = await createTeam(t.current.app, owner, 'Growth Lab');
    const response = await post(`/api/team/${slug}/members/invite`, owner, { email, role });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ link: string; delivery: string; invite: { id: number } }>();
    return { owner, slug, ...body };
  }

  it('mails the link to the invited address and answers it to the owner too', async () => {
    const email = uniqueEmail('invitee');
    const { link, delivery, invite: stored, slug } = await invite(email, 'owner');
    expect(delivery).toBe('sent');
    expect(link.startsWith(`${PUBLIC_URL}/admin/auth/invite?token=`)).toBe(true);
    const mail = smtp.mails.find((m) => m.to === email)!;
    expect(mail.subject).toBe('Olga Owner invited you to Growth Lab on Kindling');
    expect(linkIn(mail, ACCEPT_LINK)).toBe(link);
    expect(mail.text).toContain(`as an owner`);
    expect(mail.text).toContain(`for ${INVITE_LINK_DAYS} days`);
    expect(mail.html).toContain('Accept the invitation');
    expect(mail.text).toContain(
      `the team's campaigns are at ${PUBLIC_URL}/admin/${slug}/campaigns`,
    );
    expect(stored).toMatchObject({ email, role: 'owner', expired: false });
  });

  it('shows what a link invites to without sign-in, and lets any signed-in account join once', async () => {
    const email = uniqueEmail('invitee');
    const { slug, link } = await invite(email);
    const view = await get(`/api/invites/link?token=${tokenOf(link)}`);
    expect(view.json()).toEqual({
      team: { name: 'Growth Lab' },
      invitedBy: 'Olga Owner',
      role: 'member',
      email,
    });
    const colleague = await signUp(t.current.app, 'Colleague With Another Address');
    const joined = await post('/api/invites/link/accept', colleague, { token: tokenOf(link) });
    expect(joined.json()).toEqual({ slug });
    expect(await isMember(slug, colleague)).toBe(true);

    const someoneElse = await signUp(t.current.app);
    const again = await post('/api/invites/link/accept', someoneElse, { token: tokenOf(link) });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe(TEAM_MESSAGES.inviteLinkInvalid);
    expect(await isMember(slug, someoneElse)).toBe(false);
    expect((await get(`/api/invites/link?token=${tokenOf(link)}`)).statusCode).toBe(404);
  });

  it('replays the takeover: registering the invited address first is not enough', async () => {
    const victim = uniqueEmail('victim');
    const { slug, invite: stored } = await invite(victim);
    const registered = await t.current.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email: victim, password: 'attacker-pass-9', realName: 'Mallory' },
    });
    expect(registered.statusCode).toBe(201);
    const signedIn = await t.current.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: victim, password: 'attacker-pass-9' },
    });
    const mallory: Account = {
      email: victim,
      token: signedIn.json<{ accessToken: string }>().accessToken,
      refreshToken: '',
      userId: registered.json<{ user: { id: number } }>().user.id,
    };
    const listed = (await get('/api/user/invites', mallory)).json<{ invites: object[] }>();
    expect(listed.invites).toEqual([expect.objectContaining({ canAccept: false })]);
    const refused = await post('/api/user/invites/accept', mallory, { id: stored.id });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(TEAM_MESSAGES.inviteNeedsVerification);
    const guessed = await post('/api/invites/link/accept', mallory, { token: 'x'.repeat(43) });
    expect(guessed.statusCode).toBe(404);
    expect(await isMember(slug, mallory)).toBe(false);

    // Once the address is proven (a verification link followed), the banner's Accept works.
    await verifyAddress(mallory);
    const accepted = await post('/api/user/invites/accept', mallory, { id: stored.id });
    expect(accepted.json()).toEqual({ slug });
  });

  it('refuses an expired link with 410 and changes nothing', async () => {
    const { slug, link, invite: stored } = await invite(uniqueEmail('late'));
    await t.current.services.db
      .updateTable('teamInvites')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', stored.id)
      .execute();
    const visitor = await signUp(t.current.app);
    for (const response of [
      await get(`/api/invites/link?token=${tokenOf(link)}`),
      await post('/api/invites/link/accept', visitor, { token: tokenOf(link) }),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(errorOf(response).message).toBe(TEAM_MESSAGES.inviteLinkExpired);
    }
    expect(await isMember(slug, visitor)).toBe(false);
  });

  it('renews a link: the old one stops working, a new mail goes out, only for owners', async () => {
    const email = uniqueEmail('renew');
    const { owner, slug, link, invite: stored } = await invite(email);
    const renewed = await post(`/api/team/${slug}/invites/renew`, owner, { id: stored.id });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ link: string; delivery: string }>();
    expect(fresh.delivery).toBe('sent');
    expect(fresh.link).not.toBe(link);
    expect(smtp.mails.filter((m) => m.to === email).map((m) => linkIn(m, ACCEPT_LINK))).toEqual([
      link,
      fresh.link,
    ]);
    const visitor = await signUp(t.current.app);
    const old = await post('/api/invites/link/accept', visitor, { token: tokenOf(link) });
    expect(old.statusCode).toBe(404);

    const stranger = await signUp(t.current.app);
    const strangerSlug = await createTeam(t.current.app, stranger, 'Elsewhere');
    const foreign = await post(`/api/team/${strangerSlug}/invites/renew`, stranger, {
      id: stored.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe(TEAM_MESSAGES.inviteNotFound);
    const outsider = await post(`/api/team/${slug}/invites/renew`, stranger, { id: stored.id });
    expect(outsider.statusCode).toBe(404);

    const joined = await post('/api/invites/link/accept', visitor, { token: tokenOf(fresh.link) });
    expect(joined.json()).toEqual({ slug });
  });

  it('lets exactly one of two accounts accepting the same link at once join', async () => {
    const { slug, link } = await invite(uniqueEmail('race'));
    const [a, b] = [await signUp(t.current.app), await signUp(t.current.app)];
    const answers = await Promise.all([
      post('/api/invites/link/accept', a, { token: tokenOf(link) }),
      post('/api/invites/link/accept', b, { token: tokenOf(link) }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const joined = [await isMember(slug, a), await isMember(slug, b)];
    expect(joined.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a revoked invitation link', async () => {
    const { owner, slug, link, invite: stored } = await invite(uniqueEmail('revoked'));
    await t.current.app.inject({
      method: 'DELETE',
      url: `/api/team/${slug}/invites/revoke?id=${stored.id}`,
      headers: bearer(owner),
    });
    const visitor = await signUp(t.current.app);
    const response = await post('/api/invites/link/accept', visitor, { token: tokenOf(link) });
    expect(response.statusCode).toBe(404);
    expect(await isMember(slug, visitor)).toBe(false);
  });
});

describe('an invitation whose mail cannot go out', () => {
  const t = useTestApp('pglite', { SMTP_URL: 'smtp://127.0.0.1:1', PUBLIC_URL });

  it('is stored anyway and its link answered, with delivery "failed"', async () => {
    const owner = await signUp(t.current.app);
    const slug = await createTeam(t.current.app, owner, 'No Mail');
    const response = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/members/invite`,
      headers: bearer(owner),
      payload: { email: 'nomail@example.com', role: 'member' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      delivery: 'failed',
      invite: { email: 'nomail@example.com' },
    });
    const members = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/members`,
      headers: bearer(owner),
    });
    expect(members.json<{ invites: { email: string }[] }>().invites).toEqual([
      expect.objectContaining({ email: 'nomail@example.com' }),
    ]);
  });
});

describe('links with ADMIN_URL set', () => {
  const ADMIN_URL = 'https://admin.example.com/kindling/';
  const smtp = useSmtpCapture();
  const t = useTestApp('pglite', () => ({ SMTP_URL: smtp.url, PUBLIC_URL, ADMIN_URL }));

  it('point mails and the user context at {ADMIN_URL}/admin/...', async () => {
    const owner = await signUp(t.current.app, 'Ada Admin');
    const slug = await createTeam(t.current.app, owner, 'Admin Side');
    const email = uniqueEmail('invitee');
    const response = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/members/invite`,
      headers: bearer(owner),
      payload: { email, role: 'member' },
    });
    expect(response.statusCode).toBe(201);
    const base = 'https://admin.example.com/kindling';
    expect(
      response.json<{ link: string }>().link.startsWith(`${base}/admin/auth/invite?token=`),
    ).toBe(true);
    const mail = smtp.mails.find((m) => m.to === email)!;
    expect(mail.text).toContain(`${base}/admin/${slug}/campaigns`);
    const context = await t.current.app.inject({
      method: 'GET',
      url: `/api/user/by-session?team=${slug}`,
      headers: bearer(owner),
    });
    expect(context.json<{ adminUrl: string }>().adminUrl).toBe(base);
  });
});
