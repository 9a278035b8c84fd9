import {
  ENTITLEMENT_MESSAGES,
  PLAN_RUNNING_CAMPAIGNS,
  type Campaign,
  type NotificationList,
} from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { SUBSCRIPTIONS, setTeamSubscription } from '../../../test/subscriptions';
import { bearer, createTeam, signUp, useTestApp, type Account } from '../../../test/test-app';
import type { Outbox } from '../../mail/outbox';
import { notifyTeam } from '../notifications/notify-team';
import { applyDueSchedules, type ScheduleDeps } from './check-schedules';

// The worker's schedule check (issue 31) on both databases, with an injected clock: a start and
// a stop applied once each through the app's switch, the tracker files told, the team told once
// even when two checks (two processes) run at the same moment; a start the plan refuses is told
// with its reason, kept on show and not retried.

const HOUR = 3_600_000;

describeEachDatabase('schedules applied by the worker', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  const outbox: Outbox = {
    configured: false,
    post: () => undefined,
    drain: () => Promise.resolve(),
  };
  let owner: Account;
  let slug: string;
  let teamId: number;
  let servingChanged: number[];

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Owner');
    slug = await createTeam(t.current.app, owner, 'Clockwork Team');
    const team = await t.current.services.db
      .selectFrom('teams')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    teamId = team.id;
  });

  /** A worker process's check as app.ts wires it, at the moment `nowMs`. */
  const depsAt = (nowMs: number): ScheduleDeps => ({
    db: t.current.services.db,
    config: t.current.services.config,
    notify: (notice) => notifyTeam({ ...t.current.services, outbox }, notice),
    servingChanged: (changed) => servingChanged.push(changed),
    log: t.current.app.log,
    now: () => nowMs,
  });
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${slug}${url}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });
  const create = async (name: string, isEnabled = false) => {
    const response = await inject('POST', '/campaign/create', {
      name,
      ingestedUrl: 'https://shop.example.com/',
      isEnabled,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const read = async (id: number) =>
    (await inject('GET', `/campaign/by-id?id=${id}`)).json<Campaign>();
  const noticesAbout = async (name: string) => {
    const list = (await inject('GET', '/notifications')).json<NotificationList>();
    return list.notifications.filter((notice) => notice.title.startsWith(name));
  };
  const scheduleIn = async (id: number, startHours: number | null, stopHours: number | null) => {
    const at = (hours: number | null) =>
      hours === null ? null : new Date(Math.floor(Date.now() / 60_000) * 60_000 + hours * HOUR);
    const startAt = at(startHours);
    const stopAt = at(stopHours);
    const response = await inject('PUT', `/campaign/schedule?id=${id}`, {
      startAt: startAt?.toISOString() ?? null,
      stopAt: stopAt?.toISOString() ?? null,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { start: startAt?.getTime() ?? 0, stop: stopAt?.getTime() ?? 0 };
  };

  it('starts a campaign at its start and stops it at its stop, once each, telling the team', async () => {
    const id = await create('Weekend sale');
    const { start, stop } = await scheduleIn(id, 1, 3);
    servingChanged = [];

    expect(await applyDueSchedules(depsAt(start - 1000))).toEqual({
      started: 0,
      stopped: 0,
      refused: 0,
    });
    expect((await read(id)).isEnabled).toBe(false);

    expect(await applyDueSchedules(depsAt(start + 1000))).toMatchObject({ started: 1 });
    const started = await read(id);
    expect(started.isEnabled).toBe(true);
    expect(started.schedule).toMatchObject({ state: 'stop-pending' });
    expect(started.schedule!.summary).toMatch(/^Started by schedule .*; runs until .* \(UTC\)\.$/);
    expect(servingChanged).toEqual([teamId]);
    const [startNotice, ...none] = await noticesAbout('Weekend sale');
    expect(none).toEqual([]);
    expect(startNotice).toMatchObject({
      title: 'Weekend sale started by schedule',
      link: `/admin/${slug}/campaign/${id}`,
    });
    expect(startNotice!.body).toMatch(
      /^The campaign was switched on at its scheduled start, \w{3} \d{1,2} \w{3}, \d{2}:\d{2} \(UTC\)\.$/,
    );

    // A later round before the stop changes nothing.
    expect(await applyDueSchedules(depsAt(start + HOUR))).toMatchObject({ started: 0 });
    expect(await noticesAbout('Weekend sale')).toHaveLength(1);

    expect(await applyDueSchedules(depsAt(stop + 1000))).toMatchObject({ stopped: 1 });
    const stopped = await read(id);
    expect(stopped.isEnabled).toBe(false);
    expect(stopped.schedule).toMatchObject({ state: 'done', badges: [] });
    expect(servingChanged).toEqual([teamId, teamId]);
    const notices = await noticesAbout('Weekend sale');
    expect(notices.map((notice) => notice.title)).toEqual([
      'Weekend sale stopped by schedule',
      'Weekend sale started by schedule',
    ]);
    expect(await applyDueSchedules(depsAt(stop + HOUR))).toEqual({
      started: 0,
      stopped: 0,
      refused: 0,
    });
  });

  it('switches once and tells once when two processes check at the same moment', async () => {
    const id = await create('Race');
    const { start, stop } = await scheduleIn(id, 2, 4);
    servingChanged = [];
    const starts = await Promise.all([
      applyDueSchedules(depsAt(start + 500)),
      applyDueSchedules(depsAt(start + 500)),
    ]);
    expect(starts.map((tally) => tally.started).sort()).toEqual([0, 1]);
    expect((await read(id)).isEnabled).toBe(true);
    expect(await noticesAbout('Race')).toHaveLength(1);

    const stops = await Promise.all([
      applyDueSchedules(depsAt(stop + 500)),
      applyDueSchedules(depsAt(stop + 500)),
    ]);
    expect(stops.map((tally) => tally.stopped).sort()).toEqual([0, 1]);
    expect((await read(id)).isEnabled).toBe(false);
    expect(await noticesAbout('Race')).toHaveLength(2);
    expect(servingChanged).toEqual([teamId, teamId]);
  });

  it('leaves a campaign already on as it is at its start, and tells nobody', async () => {
    const id = await create('Already on', true);
    const { start } = await scheduleIn(id, 5, null);
    servingChanged = [];
    expect(await applyDueSchedules(depsAt(start + 1000))).toMatchObject({ started: 0 });
    expect(await read(id)).toMatchObject({ isEnabled: true, schedule: { state: 'done' } });
    expect(await noticesAbout('Already on')).toEqual([]);
    expect(servingChanged).toEqual([]);
  });

  it('switches nothing on when the whole window passed while no worker ran', async () => {
    const id = await create('Missed window');
    const { stop } = await scheduleIn(id, 6, 7);
    expect(await applyDueSchedules(depsAt(stop + HOUR))).toEqual({
      started: 0,
      stopped: 0,
      refused: 0,
    });
    expect(await read(id)).toMatchObject({ isEnabled: false, schedule: { state: 'done' } });
    expect(await noticesAbout('Missed window')).toEqual([]);
  });

  it('tells the team why a start the plan refuses was refused, keeps it on show, never retries', async () => {
    const capped = await createTeam(t.current.app, owner, 'Capped Team');
    await setTeamSubscription(t.current, { slug: capped, subscription: SUBSCRIPTIONS.paid() });
    const cap = PLAN_RUNNING_CAMPAIGNS.starter;
    const cappedSlug = slug;
    slug = capped;
    try {
      for (let i = 0; i < cap; i += 1) await create(`Running ${i}`, true);
      const id = await create('Over the cap');
      const { start } = await scheduleIn(id, 1, null);
      const message = ENTITLEMENT_MESSAGES.runningCap('Starter', cap);

      expect(await applyDueSchedules(depsAt(start + 1000))).toMatchObject({ refused: 1 });
      const refused = await read(id);
      expect(refused.isEnabled).toBe(false);
      expect(refused.schedule).toMatchObject({
        state: 'start-refused',
        startRefusal: message,
        badges: ['Scheduled start refused'],
      });
      expect(refused.schedule!.summary).toContain(`was refused: ${message}`);
      const [notice, ...none] = await noticesAbout('Over the cap');
      expect(none).toEqual([]);
      expect(notice!.title).toBe('Over the cap: scheduled start refused');
      expect(notice!.body).toMatch(/^The campaign was not switched on at its scheduled start, /);
      expect(notice!.body.endsWith(`(UTC): ${message}`)).toBe(true);

      expect(await applyDueSchedules(depsAt(start + HOUR))).toMatchObject({ refused: 0 });
      expect(await noticesAbout('Over the cap')).toHaveLength(1);
    } finally {
      slug = cappedSlug;
    }
  });
});
