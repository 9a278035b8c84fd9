import { WAITLIST_CATALOGUE, WAITLIST_MESSAGES, type WaitlistView } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  addMember,
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { countWaitingTeams } from './count-waiting-teams';

describeEachDatabase('the waitlist', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let member: Account;
  let slug: string;

  const read = (account: Account, query = '', team = slug) =>
    t.current.app.inject({
      method: 'GET',
      url: `/api/team/${team}/waitlist${query}`,
      headers: bearer(account),
    });
  const change = (account: Account, action: 'join' | 'leave', entry: unknown, team = slug) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/waitlist/${action}`,
      headers: bearer(account),
      payload: { entry },
    });
  const entry = (view: WaitlistView, key: string) => view.entries.find((e) => e.key === key);

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Olive Owner');
    member = await signUp(t.current.app, 'Mina Member');
    slug = await createTeam(t.current.app, owner, 'Waiting Team');
    await addMember(t.current.app, { owner, slug, member });
  });

  it('lists the whole catalogue, nothing waited for yet', async () => {
    const response = await read(member);
    expect(response.statusCode).toBe(200);
    const view = response.json<WaitlistView>();
    expect(view.entries.map((e) => e.key)).toEqual(WAITLIST_CATALOGUE.map((e) => e.key));
    expect(view.entries[0]).toEqual({
      ...WAITLIST_CATALOGUE[0],
      waiting: false,
      joinedAt: null,
      joinedBy: null,
    });
    expect(view.entries.every((e) => !e.waiting)).toBe(true);
  });

  it('a member joins: the team waits since then, with who asked; joining again keeps both', async () => {
    const before = Date.now();
    const joined = await change(member, 'join', 'wordpress-plugin');
    expect(joined.statusCode).toBe(200);
    const first = entry(joined.json(), 'wordpress-plugin');
    expect(first).toMatchObject({ waiting: true, joinedBy: 'Mina Member' });
    expect(Date.parse(first!.joinedAt!)).toBeGreaterThanOrEqual(before - 1000);

    const again = await change(owner, 'join', 'wordpress-plugin');
    expect(entry(again.json(), 'wordpress-plugin')).toEqual(first);
    expect(entry((await read(owner)).json(), 'wordpress-plugin')).toEqual(first);
    expect(entry((await read(owner)).json(), 'shopify-app')).toMatchObject({ waiting: false });
  });

  it('filters by entry', async () => {
    const one = await read(owner, '?entry=wordpress-plugin');
    expect(one.json<WaitlistView>().entries).toHaveLength(1);
    expect(one.json<WaitlistView>().entries[0]).toMatchObject({
      key: 'wordpress-plugin',
      waiting: true,
    });
  });

  it('refuses an unknown entry with a clear message and changes nothing', async () => {
    for (const response of [
      await read(owner, '?entry=teleport'),
      await change(owner, 'join', 'teleport'),
      await change(owner, 'leave', 42),
      await change(owner, 'join', undefined),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'VALIDATION',
        message: WAITLIST_MESSAGES.unknownEntry,
      });
    }
    const view = (await read(owner)).json<WaitlistView>();
    expect(view.entries.filter((e) => e.waiting).map((e) => e.key)).toEqual(['wordpress-plugin']);
  });

  it('leaving takes the team off (twice is no error); other teams count apart', async () => {
    const other = await createTeam(t.current.app, owner, 'Other Waiting Team');
    await change(owner, 'join', 'wordpress-plugin', other);
    await change(owner, 'join', 'email-reports', other);
    expect(await countWaitingTeams(t.current.services)).toEqual(
      expect.arrayContaining([
        { key: 'wordpress-plugin', title: 'WordPress plugin', teams: 2 },
        { key: 'email-reports', title: 'Weekly e-mail reports', teams: 1 },
        { key: 'shopify-app', title: 'Shopify app', teams: 0 },
      ]),
    );

    const left = await change(member, 'leave', 'wordpress-plugin');
    expect(left.statusCode).toBe(200);
    expect(entry(left.json(), 'wordpress-plugin')).toMatchObject({
      waiting: false,
      joinedAt: null,
      joinedBy: null,
    });
    expect((await change(member, 'leave', 'wordpress-plugin')).statusCode).toBe(200);
    expect(entry((await read(owner, '', other)).json(), 'wordpress-plugin')).toMatchObject({
      waiting: true,
    });
    const counts = await countWaitingTeams(t.current.services);
    expect(counts.find((c) => c.key === 'wordpress-plugin')?.teams).toBe(1);
  });

  it('answers 404 to another team’s member and changes nothing', async () => {
    await change(owner, 'join', 'split-url-tests');
    const stranger = await signUp(t.current.app, 'Stranger');
    await createTeam(t.current.app, stranger, 'Stranger Team');
    for (const response of [
      await read(stranger),
      await change(stranger, 'leave', 'split-url-tests'),
      await change(stranger, 'join', 'shopify-app'),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const view = (await read(owner)).json<WaitlistView>();
    expect(view.entries.filter((e) => e.waiting).map((e) => e.key)).toEqual(['split-url-tests']);
  });
});
