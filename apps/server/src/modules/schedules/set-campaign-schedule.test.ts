import {
  SCHEDULE_MESSAGES,
  TEAM_ROLE_MESSAGES,
  TIME_ZONE_MESSAGE,
  type Campaign,
  type CampaignSummary,
} from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
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
import { CAMPAIGN_NOT_FOUND } from '../campaigns/get-campaigns';

// PUT /campaign/schedule (issue 31) and the team's time zone, on both databases: each refusal
// with its sentence, next to the owner's call that passes.

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describeEachDatabase('campaign schedules through the API', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let slug: string;

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Owner');
    slug = await createTeam(t.current.app, owner, 'Scheduling Team');
  });

  const inject = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    as: Account = owner,
  ) =>
    t.current.app.inject({
      method,
      url: `/api/team/${slug}${url}`,
      headers: bearer(as),
      ...(payload ? { payload } : {}),
    });
  const create = async (name: string) => {
    const response = await inject('POST', '/campaign/create', {
      name,
      ingestedUrl: 'https://shop.example.com/',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const schedule = (id: number, body: object, as?: Account) =>
    inject('PUT', `/campaign/schedule?id=${id}`, body, as);

  it('stores a schedule and answers it with the campaign, in the team zone', async () => {
    const id = await create('Black Friday');
    const startAt = inHours(24);
    const stopAt = inHours(48);
    const response = await schedule(id, { startAt, stopAt });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<Campaign>();
    expect(answered).toMatchObject({ id, isEnabled: false });
    expect(answered.schedule).toMatchObject({
      startAt: new Date(startAt).toISOString(),
      stopAt: new Date(stopAt).toISOString(),
      timeZone: 'UTC',
      state: 'start-pending',
      startRefusal: null,
    });
    expect(answered.schedule!.badges).toHaveLength(2);
    expect(answered.schedule!.badges[0]).toMatch(/^Starts \w{3} \d{1,2} \w{3}, \d{2}:\d{2}$/);

    // An offset other than Z is the same instant, answered in UTC.
    const berlin = '2099-12-01T09:00:00+01:00';
    const moved = await schedule(id, { startAt: berlin, stopAt: null });
    expect(moved.json<Campaign>().schedule).toMatchObject({
      startAt: '2099-12-01T08:00:00.000Z',
      stopAt: null,
      badges: ['Starts Tue 1 Dec 2099, 08:00'],
    });

    // The list and GET by-id answer the same schedule.
    const list = (await inject('GET', '/campaign/by-team')).json<CampaignSummary[]>();
    expect(list.find((row) => row.id === id)?.schedule?.badges).toEqual([
      'Starts Tue 1 Dec 2099, 08:00',
    ]);
    const cleared = await schedule(id, { startAt: null, stopAt: null });
    expect(cleared.json<Campaign>().schedule).toMatchObject({ state: 'none', badges: [] });
    const read = (await inject('GET', `/campaign/by-id?id=${id}`)).json<Campaign>();
    expect(read.schedule?.state).toBe('none');
  });

  it('refuses bad times with one sentence each, naming the field', async () => {
    const id = await create('Refusals');
    expectFieldError(
      await schedule(id, { startAt: '2099-12-01 09:00', stopAt: null }),
      'startAt',
      SCHEDULE_MESSAGES.instant,
    );
    expectFieldError(
      await schedule(id, { startAt: null, stopAt: 'next week' }),
      'stopAt',
      SCHEDULE_MESSAGES.instant,
    );
    expectFieldError(
      await schedule(id, { startAt: inHours(5), stopAt: inHours(4) }),
      'stopAt',
      SCHEDULE_MESSAGES.stopBeforeStart,
    );
    expectFieldError(
      await schedule(id, { startAt: inHours(-1), stopAt: null }),
      'startAt',
      SCHEDULE_MESSAGES.startPassed,
    );
    expectFieldError(
      await schedule(id, { startAt: null, stopAt: inHours(-1) }),
      'stopAt',
      SCHEDULE_MESSAGES.stopPassed,
    );
    const read = (await inject('GET', `/campaign/by-id?id=${id}`)).json<Campaign>();
    expect(read.schedule?.state).toBe('none');
    // The positive control on the same campaign.
    expect((await schedule(id, { startAt: inHours(1), stopAt: null })).statusCode).toBe(200);
  });

  it('refuses ended, archived and demo campaigns, and unknown ones', async () => {
    const ended = await create('Ended');
    expect((await inject('POST', '/campaign/end', { id: ended })).statusCode).toBe(200);
    const endedAnswer = await schedule(ended, { startAt: inHours(1), stopAt: null });
    expect(endedAnswer.statusCode).toBe(409);
    expect(errorOf(endedAnswer)).toMatchObject({
      code: 'CONFLICT',
      message: SCHEDULE_MESSAGES.ended,
    });

    const archived = await create('Archived');
    expect((await inject('POST', '/campaign/archive', { id: archived })).statusCode).toBe(200);
    const archivedAnswer = await schedule(archived, { startAt: inHours(1), stopAt: null });
    expect(archivedAnswer.statusCode).toBe(409);
    expect(errorOf(archivedAnswer).message).toBe(SCHEDULE_MESSAGES.archived);

    const demo = (await inject('POST', '/campaign/demo')).json<{ id: number }>().id;
    const demoAnswer = await schedule(demo, { startAt: inHours(1), stopAt: null });
    expect(demoAnswer.statusCode).toBe(400);
    expect(errorOf(demoAnswer).message).toBe(SCHEDULE_MESSAGES.demo);

    const unknown = await schedule(2_000_000_000, { startAt: inHours(1), stopAt: null });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(CAMPAIGN_NOT_FOUND);
  });

  it("answers 404 to another team's member and 403 to a viewer; a member may schedule", async () => {
    const id = await create('Guarded');
    const body = { startAt: inHours(3), stopAt: null };
    const stranger = await signUp(t.current.app, 'Stranger');
    await createTeam(t.current.app, stranger, 'Other Team');
    const foreign = await schedule(id, body, stranger);
    expect(foreign.statusCode).toBe(404);

    const viewer = await signUp(t.current.app, 'Viewer');
    await addMember(t.current.app, { owner, slug, member: viewer, role: 'viewer' });
    const viewed = await schedule(id, body, viewer);
    expect(viewed.statusCode).toBe(403);
    expect(errorOf(viewed).message).toBe(TEAM_ROLE_MESSAGES.viewerReadOnly);

    const member = await signUp(t.current.app, 'Member');
    await addMember(t.current.app, { owner, slug, member });
    const read = (await inject('GET', `/campaign/by-id?id=${id}`)).json<Campaign>();
    expect(read.schedule?.state).toBe('none');
    expect((await schedule(id, body, member)).statusCode).toBe(200);
  });

  it("has the team's time zone: UTC at first, set by owners, validated like the preference", async () => {
    const team = async () => (await inject('GET', '/')).json<{ team: { timeZone: string } }>().team;
    expect((await team()).timeZone).toBe('UTC');

    const member = await signUp(t.current.app, 'Zone Member');
    await addMember(t.current.app, { owner, slug, member });
    const refused = await inject('POST', '/time-zone', { timeZone: 'Europe/Berlin' }, member);
    expect(refused.statusCode).toBe(403);
    expectFieldError(
      await inject('POST', '/time-zone', { timeZone: 'Mars/Olympus_Mons' }),
      'timeZone',
      TIME_ZONE_MESSAGE,
    );
    expect((await team()).timeZone).toBe('UTC');

    const saved = await inject('POST', '/time-zone', { timeZone: 'Europe/Berlin' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ team: { timeZone: string } }>().team.timeZone).toBe('Europe/Berlin');

    // The same stored instant reads on the team's new clocks.
    const id = await create('Berlin');
    const answered = await schedule(id, { startAt: '2099-12-01T08:00:00Z', stopAt: null });
    expect(answered.json<Campaign>().schedule).toMatchObject({
      timeZone: 'Europe/Berlin',
      badges: ['Starts Tue 1 Dec 2099, 09:00'],
      summary: 'Starts Tue 1 Dec 2099, 09:00 (Europe/Berlin).',
    });
    await inject('POST', '/time-zone', { timeZone: 'UTC' });
  });

  it('is in the OpenAPI document, with the schedule it answers', async () => {
    const { paths } = (
      await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>();
    const put = paths['/api/team/{team}/campaign/schedule']!.put!;
    const text = JSON.stringify(put);
    for (const field of ['startAt', 'stopAt', 'schedule', 'badges', 'timeZone', 'state']) {
      expect(text).toContain(`"${field}"`);
    }
    const zone = JSON.stringify(paths['/api/team/{team}/time-zone']!.post!.requestBody);
    expect(zone).toContain('"timeZone"');
  });
});
