import { NOTIFICATION_MESSAGES, type NotificationList } from '@kindling/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { useSmtpCapture } from '../../../test/smtp-capture';
import {
  addMember,
  bearer,
  createTeam,
  errorOf,
  expectFieldError,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { createMailer } from '../../mail/mailer';
import { createOutbox, type Outbox } from '../../mail/outbox';
import { notifyTeam } from './notify-team';

const NO_MAIL: Outbox = { configured: false, post: () => {}, drain: () => Promise.resolve() };
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

describeEachDatabase('team notifications', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  const smtp = useSmtpCapture();
  let owner: Account;
  let member: Account;
  let stranger: Account;
  let slug: string;
  let teamId: number;
  let otherSlug: string;
  let otherTeamId: number;

  const teamIdOf = async (team: string) =>
    (
      await t.current.services.db
        .selectFrom('teams')
        .select('id')
        .where('slug', '=', team)
        .executeTakeFirstOrThrow()
    ).id;
  const notify = (input: Parameters<typeof notifyTeam>[1], outbox: Outbox = NO_MAIL) =>
    notifyTeam({ db: t.current.services.db, config: t.current.services.config, outbox }, input);
  const list = (account: Account, query = '', team = slug) =>
    t.current.app.inject({
      method: 'GET',
      url: `/api/team/${team}/notifications${query}`,
      headers: bearer(account),
    });
  const unread = async (account: Account, team = slug) => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${team}/notifications/unread-count`,
      headers: bearer(account),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ unreadCount: number }>().unreadCount;
  };
  const markRead = (account: Account, payload: object, team = slug) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/notifications/read`,
      headers: bearer(account),
      payload,
    });
  const storedCount = async () =>
    Number(
      (
        await t.current.services.db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Olive Owner');
    member = await signUp(t.current.app, 'Mina Member');
    stranger = await signUp(t.current.app, 'Sam Stranger');
    slug = await createTeam(t.current.app, owner, 'Idea Lab');
    otherSlug = await createTeam(t.current.app, stranger, 'Other Lab');
    await addMember(t.current.app, { owner, slug, member });
    teamId = await teamIdOf(slug);
    otherTeamId = await teamIdOf(otherSlug);
  });

  describe('reading and marking read', () => {
    let first: number;
    let second: number;

    it('stores one notification the whole team sees unread, newest first', async () => {
      first = (await notify({ teamId, title: 'First', body: 'Older news' })).id;
      const notified = await notify({
        teamId,
        title: '  Idea test stopped  ',
        body: 'Variant 3 got 2.1x the sign-ups of the original.',
        link: `/admin/${slug}/pages/12/test`,
      });
      second = notified.id;
      expect(notified.mailedTo).toBe(0);

      const response = await list(member);
      expect(response.statusCode).toBe(200);
      const view = response.json<NotificationList>();
      expect(view).toMatchObject({ unreadCount: 2, page: 1, pageSize: 30, totalItems: 2 });
      expect(view.notifications.map((n) => n.id)).toEqual([second, first]);
      expect(view.notifications[0]).toEqual({
        id: second,
        title: 'Idea test stopped',
        body: 'Variant 3 got 2.1x the sign-ups of the original.',
        link: `/admin/${slug}/pages/12/test`,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        read: false,
      });
      expect(view.notifications[1]).toMatchObject({ link: null, read: false });
      const inTeam = await notify({ teamId, title: 'Inside', body: '', teamPath: '/pages/7/test' });
      const linked = await t.current.services.db
        .selectFrom('notifications')
        .select('link')
        .where('id', '=', inTeam.id)
        .executeTakeFirstOrThrow();
      expect(linked.link).toBe(`/admin/${slug}/pages/7/test`);
      await t.current.services.db.deleteFrom('notifications').where('id', '=', inTeam.id).execute();
      expect(await unread(owner)).toBe(2);
      expect(await unread(stranger, otherSlug)).toBe(0);
      expect((await list(stranger, '', otherSlug)).json<NotificationList>().notifications).toEqual(
        [],
      );
    });

    it('marks read per member: the listed ids, then all', async () => {
      const marked = await markRead(member, { ids: [second] });
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toEqual({ unreadCount: 1 });
      const mine = (await list(member)).json<NotificationList>().notifications;
      expect(mine.map((n) => [n.id, n.read])).toEqual([
        [second, true],
        [first, false],
      ]);
      // The owner's view is the owner's own.
      expect(await unread(owner)).toBe(2);
      expect((await list(owner)).json<NotificationList>().notifications.every((n) => !n.read)).toBe(
        true,
      );
      // Again is fine: nothing changes.
      expect((await markRead(member, { ids: [second, second] })).json()).toEqual({
        unreadCount: 1,
      });

      expect((await markRead(owner, {})).json()).toEqual({ unreadCount: 0 });
      expect(await unread(owner)).toBe(0);
      expect(await unread(member)).toBe(1);
      expect((await markRead(member, { ids: [] })).json()).toEqual({ unreadCount: 1 });
    });

    it("refuses another team's notification id and marks nothing", async () => {
      const foreign = (await notify({ teamId: otherTeamId, title: 'Theirs', body: '' })).id;
      const refused = await markRead(member, { ids: [first, foreign] });
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused)).toEqual({
        code: 'NOT_FOUND',
        message: NOTIFICATION_MESSAGES.notFound,
      });
      expect(await unread(member)).toBe(1);
      const fromOutside = await markRead(stranger, { ids: [first] }, otherSlug);
      expect(fromOutside.statusCode).toBe(404);
      expect(await unread(stranger, otherSlug)).toBe(1);
      // And the other team cannot read this team's list at all.
      expect((await list(stranger)).statusCode).toBe(404);
      expect((await markRead(stranger, {})).statusCode).toBe(404);
      expect(await unread(owner)).toBe(0);
    });
  });

  it('pages 30 at a time, newest first; a page past the end shows the last one', async () => {
    const lab = await createTeam(t.current.app, owner, 'Busy Lab');
    const labId = await teamIdOf(lab);
    const ids: number[] = [];
    for (let index = 1; index <= 31; index += 1) {
      ids.push((await notify({ teamId: labId, title: `Notice ${index}`, body: '' })).id);
    }
    const first = (await list(owner, '', lab)).json<NotificationList>();
    expect(first).toMatchObject({ page: 1, totalItems: 31, totalPages: 2, unreadCount: 31 });
    expect(first.notifications).toHaveLength(30);
    expect(first.notifications[0]!.title).toBe('Notice 31');
    const second = (await list(owner, '?page=2', lab)).json<NotificationList>();
    expect(second.notifications.map((n) => n.id)).toEqual([ids[0]]);
    const past = (await list(owner, '?page=9', lab)).json<NotificationList>();
    expect(past).toMatchObject({ page: 2, totalPages: 2 });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = await storedCount();
    for (const page of ['0', '-1', 'two', '1.5']) {
      expectFieldError(await list(owner, `?page=${page}`), 'page', NOTIFICATION_MESSAGES.page);
    }
    for (const ids of [['1'], [0], [1.5], 'all', Array.from({ length: 101 }, (_, i) => i + 1)]) {
      const response = await markRead(member, { ids });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(NOTIFICATION_MESSAGES.ids);
    }
    expect(await unread(member)).toBe(1);

    const refusals: [Parameters<typeof notifyTeam>[1], string][] = [
      [{ teamId, title: ' \u200B ', body: '' }, NOTIFICATION_MESSAGES.title],
      [{ teamId, title: 'x'.repeat(121), body: '' }, NOTIFICATION_MESSAGES.title],
      [{ teamId, title: 'Nul \u0000', body: '' }, NOTIFICATION_MESSAGES.title],
      [{ teamId, title: 'Long', body: 'x'.repeat(1001) }, NOTIFICATION_MESSAGES.body],
      [
        { teamId, title: 'Off-site', body: '', link: 'https://evil.example' },
        NOTIFICATION_MESSAGES.link,
      ],
      [
        { teamId, title: 'Off-site', body: '', link: '//evil.example/admin/' },
        NOTIFICATION_MESSAGES.link,
      ],
      [
        { teamId, title: 'Off-site', body: '', link: '/admin\\/evil.example' },
        NOTIFICATION_MESSAGES.link,
      ],
      [
        { teamId, title: 'Script', body: '', link: 'javascript:alert(1)' },
        NOTIFICATION_MESSAGES.link,
      ],
    ];
    for (const [input, message] of refusals) {
      await expect(notify(input)).rejects.toMatchObject({ code: 'VALIDATION', message });
    }
    await expect(notify({ teamId: 999_999, title: 'Nobody', body: '' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    expect(await storedCount()).toBe(before);
  });

  describe('by mail, when mail is set up', () => {
    let outbox: Outbox;
    beforeAll(() => {
      outbox = createOutbox(
        createMailer({
          smtpUrl: smtp.url,
          from: 'Kindling <k@example.com>',
          log: silentLog as never,
        }),
      );
    });
    const notifyByMail = (input: Parameters<typeof notifyTeam>[1]) =>
      notifyTeam(
        {
          db: t.current.services.db,
          config: { ADMIN_URL: 'https://kindling.example.com/', PUBLIC_URL: undefined },
          outbox,
        },
        input,
      );
    const verify = (account: Account) =>
      t.current.services.db
        .updateTable('users')
        .set({ emailVerifiedAt: new Date() })
        .where('id', '=', account.userId)
        .execute();

    it('mails members with a proven address who did not turn mails off, escaped', async () => {
      smtp.mails.length = 0;
      // Nobody has proven an address yet: stored, not mailed.
      expect((await notifyByMail({ teamId, title: 'Quiet', body: '' })).mailedTo).toBe(0);
      await verify(owner);
      await verify(member);
      const result = await notifyByMail({
        teamId,
        title: 'Idea test <script>alert(1)</script> stopped',
        body: 'Variant 3 won & "clearly".\n\nSee the verdict.',
        link: `/admin/${slug}/pages/12/test`,
      });
      expect(result.mailedTo).toBe(2);
      await outbox.drain();
      expect(smtp.mails.map((mail) => mail.to).sort()).toEqual([member.email, owner.email].sort());
      const mail = smtp.mails[0]!;
      expect(mail.subject).toBe('Idea Lab: Idea test <script>alert(1)</script> stopped');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('Idea test &lt;script&gt;alert(1)&lt;/script&gt; stopped');
      expect(mail.html).toContain('Variant 3 won &amp; &quot;clearly&quot;.');
      expect(mail.text).toContain(`https://kindling.example.com/admin/${slug}/pages/12/test`);

      const off = await t.current.app.inject({
        method: 'POST',
        url: '/api/user/save',
        headers: bearer(member),
        payload: { preferences: { notificationMails: false } },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json<{ user: { preferences: object } }>().user.preferences).toMatchObject({
        notificationMails: false,
      });
      smtp.mails.length = 0;
      expect((await notifyByMail({ teamId, title: 'Only the owner', body: '' })).mailedTo).toBe(1);
      await outbox.drain();
      expect(smtp.mails.map((m) => m.to)).toEqual([owner.email]);
      expect(smtp.mails[0]!.text).toContain(`https://kindling.example.com/admin/${slug}/campaigns`);
    });
  });
});
