import { randomUUID } from 'node:crypto';
import {
  COLLECT_MESSAGES,
  CONVERSION_WINDOW_MS,
  FLICKER_BUCKET_COUNT,
  flickerBucketOf,
  medianFromHistogram,
  NOT_ON_PAGE,
} from '@kindling/domain';
import { sql, type Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { clickGoal, funnelCampaign } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { backfillVisitorGoals } from '../../db/migrations/0008-visitor-goals';
import { ROLLUP_SHARDS } from './rollup-plan';
import { NOT_JSON } from './routes';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';
const HOUR = 3_600_000;

describeEachDatabase('POST /api/collect', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  let campaignId: number;
  let owner: Account;
  let slug: string;
  let headline: { id: number; variants: number[] };
  let button: { id: number; variants: number[] };
  let signup: number;
  let purchase: number;
  const now = Date.now();

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'user-agent': BROWSER, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const base = (visitorId: string, sessionId = `${visitorId}-s1`, ts = now) => ({
    id: randomUUID(),
    campaignId,
    visitorId,
    sessionId,
    ts,
    url: 'https://shop.example.com/landing',
  });
  const exposure = (
    visitorId: string,
    arms: [number | 'control', number | 'control'],
    extra = {},
  ) => ({
    ...base(visitorId),
    type: 'exposure',
    assignments: { [headline.id]: arms[0], [button.id]: arms[1] },
    applied: { [headline.id]: 40, [button.id]: null },
    ...extra,
  });
  const goal = (visitorId: string, goalId: number, ts = now + 1000) => ({
    ...base(visitorId, `${visitorId}-s1`, ts),
    type: 'goal',
    goalId,
  });
  /** The rollups as results read them: the shards of each key added up. */
  const rollups = () =>
    t.current.services.db
      .selectFrom('rollupsHourly')
      .select(['elementId', 'arm', 'goalId'])
      .select((eb) => [
        eb.fn.sum<string>('exposures').as('exposures'),
        eb.fn.sum<string>('visitors').as('visitors'),
        eb.fn.sum<string>('sessions').as('sessions'),
        eb.fn.sum<string>('goalSessions').as('goalSessions'),
        eb.fn.sum<string>('goalVisitors').as('goalVisitors'),
        eb.fn.sum<string>('conversions').as('conversions'),
        eb.fn.sum<number>('revenue').as('revenue'),
        eb.fn.sum<string>('applied').as('applied'),
        eb.fn.sum<string>('missed').as('missed'),
      ])
      .where('campaignId', '=', campaignId)
      .groupBy(['elementId', 'arm', 'goalId'])
      .orderBy(['elementId', 'arm', 'goalId'])
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          elementId: r.elementId,
          arm: r.arm,
          goalId: r.goalId,
          exposures: Number(r.exposures),
          visitors: Number(r.visitors),
          sessions: Number(r.sessions),
          goalSessions: Number(r.goalSessions),
          goalVisitors: Number(r.goalVisitors),
          conversions: Number(r.conversions),
          revenue: Number(r.revenue),
          applied: Number(r.applied),
          missed: Number(r.missed),
        })),
      );
  /** Applied-time histograms per element and arm, the shards and hours added up. */
  const histograms = async () => {
    const rows = await t.current.services.db
      .selectFrom('rollupsHourly')
      .select(['elementId', 'arm', 'appliedMsHistogram'])
      .where('campaignId', '=', campaignId)
      .execute();
    const sums = new Map<string, number[]>();
    for (const row of rows) {
      const sum = sums.get(`${row.elementId}:${row.arm}`) ?? [];
      row.appliedMsHistogram.forEach((count, bucket) => {
        sum[bucket] = (sum[bucket] ?? 0) + Number(count);
      });
      sums.set(`${row.elementId}:${row.arm}`, sum);
    }
    return sums;
  };
  const eventCount = async () =>
    Number(
      (
        await t.current.services.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Collect Team');
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: funnelCampaign('Collect'),
    });
    campaignId = created.json<{ id: number }>().id;
    const read = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/campaign/by-id?id=${campaignId}`,
      headers: bearer(owner),
    });
    const body = read.json<{
      elements: { id: number; variants: { id: number }[] }[];
      goals: { id: number }[];
    }>();
    const [h, b] = body.elements.map((e) => ({ id: e.id, variants: e.variants.map((v) => v.id) }));
    headline = h!;
    button = b!;
    [signup, purchase] = body.goals.map((g) => g.id) as [number, number];
  });

  it('reports the tag as not seen before the first exposure (check installation)', async () => {
    const status = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/tracker/status?campaignId=${campaignId}`,
      headers: bearer(owner),
    });
    expect(status.json()).toEqual({
      seen: false,
      lastExposureAt: null,
      url: null,
      automatedEvents: 0,
      lastAutomatedAt: null,
    });
  });

  it('stores a batch, answers 202 with counts, and keeps exact hourly rollups', async () => {
    const [v1, v2] = headline.variants as [number, number];
    const [b1] = button.variants as [number];
    const events = [
      exposure('ann', [v1, 'control']),
      // A second page view in the same session, its change applied later.
      exposure('ann', [v1, 'control'], { applied: { [headline.id]: 140, [button.id]: null } }),
      exposure('bob', ['control', b1]),
      exposure('cid', [v2, b1]),
      goal('ann', signup, now + 1000),
      goal('ann', purchase, now + 2000),
      goal('bob', purchase, now + 3000), // no signup first: reached, but not a conversion
      { ...base('ann'), type: 'revenue', amount: 19.5 },
    ];
    const response = await post({ events });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 8, duplicates: 0 });
    const rows = await rollups();
    const row = (elementId: number, arm: number, goalId = 0) =>
      rows.find((r) => r.elementId === elementId && r.arm === arm && r.goalId === goalId);
    expect(row(headline.id, v1)).toMatchObject({
      exposures: 2,
      visitors: 1,
      sessions: 1,
      revenue: 19.5,
      applied: 2,
    });
    const histogram = (await histograms()).get(`${headline.id}:${v1}`)!;
    expect(histogram).toHaveLength(FLICKER_BUCKET_COUNT);
    expect(histogram[flickerBucketOf(40)]).toBe(1);
    expect(histogram[flickerBucketOf(140)]).toBe(1);
    expect(histogram.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(medianFromHistogram(histogram)).toBe(50); // the top of 40's bucket (25-50]
    expect((await histograms()).get(`${button.id}:0`)!.every((count) => count === 0)).toBe(true);
    expect(row(headline.id, 0)).toMatchObject({ exposures: 1, visitors: 1, sessions: 1 });
    expect(row(button.id, 0)).toMatchObject({ exposures: 2, missed: 2, applied: 0 });
    expect(row(headline.id, v1, purchase)).toMatchObject({
      goalSessions: 1,
      goalVisitors: 1,
      conversions: 1,
    });
    expect(row(headline.id, v1, signup)).toMatchObject({
      goalSessions: 1,
      goalVisitors: 1,
      conversions: 0,
    });
    expect(row(button.id, b1, purchase)).toMatchObject({
      goalSessions: 1,
      goalVisitors: 1,
      conversions: 0,
    });
    expect(rows.reduce((sum, r) => sum + r.exposures, 0)).toBe(8);
  });

  it('adds applied times up in the histogram when batches meet on a rollup row', async () => {
    const [, v2] = headline.variants as [number, number];
    const slow = { applied: { [headline.id]: 300, [button.id]: 3000 } };
    const before = (await histograms()).get(`${headline.id}:${v2}`) ?? [];
    // More batches than shards: at least two of them add to the same row.
    for (let i = 0; i <= ROLLUP_SHARDS; i++) {
      expect(
        (await post({ events: [exposure(`kit${i}`, [v2, 'control'], slow)] })).statusCode,
      ).toBe(202);
    }
    const after = (await histograms()).get(`${headline.id}:${v2}`)!;
    const added = after.map((count, bucket) => count - (before[bucket] ?? 0));
    const expected = new Array<number>(FLICKER_BUCKET_COUNT).fill(0);
    expected[flickerBucketOf(300)] = ROLLUP_SHARDS + 1;
    expect(added).toEqual(expected);
  });

  it('stores an event once: a resent batch is answered as duplicates and counts nothing', async () => {
    const events = [exposure('dan', ['control', 'control']), goal('dan', signup)];
    expect((await post({ events })).json()).toEqual({ accepted: 2, duplicates: 0 });
    const before = await rollups();
    const again = await post({ events: [...events, events[0]] });
    expect(again.json()).toEqual({ accepted: 0, duplicates: 3 });
    expect(await rollups()).toEqual(before);
  });

  it('counts a conversion only within the conversion window of the first exposure', async () => {
    await post({ events: [exposure('eve', ['control', 'control'])] });
    const lateGoal = (ts: number) => ({ ...goal('eve', signup, ts), sessionId: 'eve-late' });
    // Events must be within a day of the clock, so the exposure is moved back instead.
    await t.current.services.db
      .updateTable('campaignVisitors')
      .set({ firstExposureAt: new Date(now - CONVERSION_WINDOW_MS - HOUR) })
      .where('visitorId', '=', 'eve')
      .execute();
    const before = (await rollups()).reduce((sum, r) => sum + r.conversions, 0);
    await post({
      events: [lateGoal(now), { ...goal('eve', purchase, now + 1), sessionId: 'eve-late' }],
    });
    expect((await rollups()).reduce((sum, r) => sum + r.conversions, 0)).toBe(before);
  });

  it.each([
    [
      'an unknown campaign',
      () => ({ ...goal('x', 1), campaignId: 999_999 }),
      COLLECT_MESSAGES.unknownCampaign,
    ],
    ['an unknown goal', () => goal('x', 999_999), COLLECT_MESSAGES.unknownGoal],
    [
      'an element of no campaign',
      () => ({ ...exposure('x', ['control', 'control']), assignments: { '999999': 'control' } }),
      COLLECT_MESSAGES.unknownElement,
    ],
    [
      'a variant of another element',
      () => exposure('x', [button.variants[0]!, 'control']),
      COLLECT_MESSAGES.unknownElement,
    ],
    [
      'a time more than a day ahead',
      () => goal('x', signup, now + 25 * HOUR),
      COLLECT_MESSAGES.clock,
    ],
  ])('refuses a batch with %s and stores none of it', async (_name, bad, message) => {
    const before = await eventCount();
    const response = await post({ events: [exposure('fay', ['control', 'control']), bad()] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(message);
    expect(await eventCount()).toBe(before);
  });

  it('counts a conversion whose earlier funnel goal was reached in an earlier batch', async () => {
    const conversionsOf = async () =>
      (await rollups()).reduce((sum, r) => sum + (r.goalId === purchase ? r.conversions : 0), 0);
    await post({ events: [exposure('gus', ['control', 'control']), goal('gus', signup)] });
    await post({ events: [exposure('hal', ['control', 'control'])] });
    const before = await conversionsOf();
    await post({ events: [goal('gus', purchase, now + 2000)] });
    // Hal reaches the purchase first and the signup later: reached, not a conversion.
    await post({ events: [goal('hal', purchase, now + 2000)] });
    await post({ events: [goal('hal', signup, now + 3000)] });
    // Gus's purchase only, once on each of the two elements' rows.
    expect(await conversionsOf()).toBe(before + 2);
  });

  it("counts a visitor's first reach of a goal once, however many sessions reach it", async () => {
    const [, v2] = headline.variants as [number, number];
    const reachOf = async () => {
      const found = (await rollups()).find(
        (r) => r.elementId === headline.id && r.arm === v2 && r.goalId === purchase,
      );
      return { goalSessions: found?.goalSessions ?? 0, goalVisitors: found?.goalVisitors ?? 0 };
    };
    const inSession = (visitorId: string, session: string, ts: number) => ({
      ...goal(visitorId, purchase, ts),
      sessionId: `${visitorId}-${session}`,
    });
    const before = await reachOf();
    // Opened and reaching in one batch, then again in a later session and batch (looked up).
    await post({ events: [exposure('max', [v2, 'control']), inSession('max', 's1', now + 1000)] });
    const second = inSession('max', 's2', now + 5000);
    await post({ events: [second] });
    // Two sessions of one batch, the later one first in the batch.
    await post({
      events: [
        exposure('ned', [v2, 'control']),
        inSession('ned', 's2', now + 3000),
        inSession('ned', 's1', now + 2000),
      ],
    });
    // Resent: stored once, counted once.
    expect((await post({ events: [second] })).json()).toEqual({ accepted: 0, duplicates: 1 });
    expect(await reachOf()).toEqual({
      goalSessions: before.goalSessions + 4,
      goalVisitors: before.goalVisitors + 2,
    });
    const firstReaches = await t.current.services.db
      .selectFrom('visitorGoals')
      .select(['visitorId', 'reachedAt'])
      .where('campaignId', '=', campaignId)
      .where('goalId', '=', purchase)
      .where('visitorId', 'in', ['max', 'ned'])
      .orderBy('visitorId')
      .execute();
    expect(firstReaches.map((r) => [r.visitorId, new Date(r.reachedAt).getTime()])).toEqual([
      ['max', now + 1000],
      ['ned', now + 2000],
    ]);
  });

  it('takes a variant added a moment ago: cached shapes are checked again before a refusal', async () => {
    expect((await post({ events: [exposure('ida', ['control', 'control'])] })).statusCode).toBe(
      202,
    );
    const added = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/add-variants`,
      headers: bearer(owner),
      payload: {
        campaignId,
        elementId: button.id,
        variants: [
          {
            id: -100,
            key: 'late',
            type: 'text',
            isEnabled: true,
            info: { value: 'Now', styles: [] },
          },
        ],
      },
    });
    const late = added.json<{ newVariantIds: number[] }>().newVariantIds[0]!;
    const response = await post({ events: [exposure('ida', ['control', late])] });
    expect(response.statusCode).toBe(202);
  });

  it('refuses events of a campaign deleted a moment ago, though its shape was cached', async () => {
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: {
        name: 'Short-lived',
        ingestedUrl: 'shop.example.com/landing',
        elements: [],
        goals: [clickGoal(-20, 'go')],
      },
    });
    const shortLived = created.json<{ id: number }>().id;
    const goalOf = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/campaign/by-id?id=${shortLived}`,
      headers: bearer(owner),
    });
    const goalId = goalOf.json<{ goals: { id: number }[] }>().goals[0]!.id;
    const event = () => ({ ...goal('jon', goalId), campaignId: shortLived });
    expect((await post({ events: [event()] })).statusCode).toBe(202);
    const deleted = await t.current.app.inject({
      method: 'DELETE',
      url: `/api/team/${slug}/campaign/delete?id=${shortLived}`,
      headers: bearer(owner),
    });
    expect(deleted.statusCode).toBe(204);
    const before = await eventCount();
    const response = await post({ events: [exposure('jon', ['control', 'control']), event()] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(COLLECT_MESSAGES.unknownCampaign);
    expect(await eventCount()).toBe(before);
  });

  it('answers concurrent batches each for itself: shared transactions, ids once, a bad one alone', async () => {
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: { name: 'Gone', ingestedUrl: 'shop.example.com/landing', elements: [], goals: [] },
    });
    const gone = created.json<{ id: number }>().id;
    // Cache the shape, then delete the campaign: its batch fails only at the foreign key.
    const goneEvent = () => ({
      ...exposure('zed', ['control', 'control']),
      campaignId: gone,
      assignments: {},
      applied: {},
    });
    expect((await post({ events: [goneEvent()] })).statusCode).toBe(202);
    const deleted = await t.current.app.inject({
      method: 'DELETE',
      url: `/api/team/${slug}/campaign/delete?id=${gone}`,
      headers: bearer(owner),
    });
    expect(deleted.statusCode).toBe(204);

    const eventsBefore = await eventCount();
    const exposuresBefore = (await rollups()).reduce((sum, r) => sum + r.exposures, 0);
    const shared = exposure('gus', ['control', 'control']);
    const batches = [
      ...Array.from({ length: 6 }, (_, i) => [exposure(`grp${i}`, ['control', 'control'])]),
      [shared, exposure('hal', ['control', 'control'])],
      [{ ...shared }, exposure('ike', ['control', 'control'])],
      [exposure('zed', ['control', 'control']), goneEvent()],
    ];
    const responses = await Promise.all(batches.map((events) => post({ events })));
    const answers = responses.map((response) =>
      response.json<{ accepted: number; duplicates: number }>(),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([...Array(8).fill(202), 400]);
    expect(errorOf(responses[8]!).message).toBe(COLLECT_MESSAGES.unknownCampaign);
    expect(answers.slice(0, 6)).toEqual(Array(6).fill({ accepted: 1, duplicates: 0 }));
    // The id both sent is accepted for one of them and a duplicate for the other.
    expect([answers[6], answers[7]]).toContainEqual({ accepted: 2, duplicates: 0 });
    expect([answers[6], answers[7]]).toContainEqual({ accepted: 1, duplicates: 1 });
    expect(await eventCount()).toBe(eventsBefore + 9);
    // Two elements per exposure; the refused batch counts nothing.
    expect((await rollups()).reduce((sum, r) => sum + r.exposures, 0)).toBe(exposuresBefore + 18);
  });

  it('takes the elements an exposure healed, and refuses a bad healed list whole', async () => {
    const [v1] = headline.variants as [number];
    const eventsBefore = await eventCount();
    const rowsBefore = await rollups();
    const healed = exposure('hal', [v1, 'control'], { healed: [headline.id] });
    const taken = await post({ events: [healed] });
    expect(taken.statusCode, taken.body).toBe(202);
    expect(taken.json()).toEqual({ accepted: 1, duplicates: 0 });
    const stored = await t.current.services.db
      .selectFrom('events')
      .select('data')
      .where('id', '=', healed.id)
      .executeTakeFirstOrThrow();
    expect(stored.data).toMatchObject({ healed: [headline.id] });

    const afterTaken = { events: await eventCount(), rows: await rollups() };
    expect(afterTaken.events).toBe(eventsBefore + 1);
    expect(afterTaken.rows).not.toEqual(rowsBefore);
    // Another campaign's element, an element id as a string, not a list: the batch (with a
    // good event beside the bad one) is refused with the reason, and nothing is stored.
    for (const bad of [[headline.id + 1000], [String(headline.id)], headline.id]) {
      const response = await post({
        events: [
          exposure('ivy', [v1, 'control']),
          exposure('ivy', [v1, 'control'], { healed: bad }),
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toContain(COLLECT_MESSAGES.healed);
    }
    expect(await eventCount()).toBe(afterTaken.events);
    expect(await rollups()).toEqual(afterTaken.rows);
  });

  it('refuses bad JSON and over-full batches with a clear message', async () => {
    const notJson = await post('{"events": [', { 'content-type': 'text/plain;charset=UTF-8' });
    expect(notJson.statusCode).toBe(400);
    expect(errorOf(notJson).message).toBe(NOT_JSON);
    const tooMany = await post({ events: Array.from({ length: 101 }, () => goal('x', signup)) });
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).message).toContain(COLLECT_MESSAGES.tooMany);
  });

  it('takes sendBeacon text/plain bodies and answers any origin (CORS)', async () => {
    const preflight = await t.current.app.inject({
      method: 'OPTIONS',
      url: '/api/collect',
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const beacon = await post(
      { events: [exposure('gus', ['control', 'control'])] },
      { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://shop.example.com' },
    );
    expect(beacon.statusCode).toBe(202);
    expect(beacon.headers['access-control-allow-origin']).toBe('*');
  });

  it('reports when and where the tag was last seen, to the team only', async () => {
    const status = (query: string, as = owner, team = slug) =>
      t.current.app.inject({
        method: 'GET',
        url: `/api/team/${team}/tracker/status${query}`,
        headers: bearer(as),
      });
    const one = await status(`?campaignId=${campaignId}`);
    expect(one.json()).toMatchObject({ seen: true, url: 'https://shop.example.com/landing' });
    expect(Date.parse(one.json<{ lastExposureAt: string }>().lastExposureAt)).toBeGreaterThan(
      now - 60_000,
    );
    expect((await status('')).json()).toMatchObject({ seen: true });
    const stranger = await signUp(t.current.app);
    const strangerSlug = await createTeam(t.current.app, stranger, 'Other Team');
    const foreign = await status(`?campaignId=${campaignId}`, stranger, strangerSlug);
    expect(foreign.statusCode).toBe(404);
    expect((await status('', stranger, strangerSlug)).json()).toMatchObject({
      seen: false,
      lastExposureAt: null,
      url: null,
    });
  });

  it('answers the rollups per element and arm to the team only (counts)', async () => {
    const counts = (as = owner, team = slug) =>
      t.current.app.inject({
        method: 'GET',
        url: `/api/team/${team}/tracker/counts?campaignId=${campaignId}`,
        headers: bearer(as),
      });
    const answer = await counts();
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{
      arms: Record<string, unknown>[];
      goals: Record<string, unknown>[];
    }>();
    const stored = Object.assign(await rollups(), { histograms: await histograms() });
    const variantOf = (arm: number) => (arm === 0 ? null : arm);
    expect(body.arms).toEqual(
      stored
        .filter((row) => row.goalId === 0)
        .map(({ elementId, arm, exposures, visitors, sessions, revenue, applied, missed }) => ({
          elementId,
          variantId: variantOf(arm),
          exposures,
          visitors,
          sessions,
          revenue,
          applied,
          missed,
          medianAppliedMs: medianFromHistogram(stored.histograms.get(`${elementId}:${arm}`) ?? []),
        })),
    );
    expect(body.goals).toEqual(
      stored
        .filter((row) => row.goalId !== 0)
        .map(({ elementId, arm, goalId, goalSessions, conversions }) => ({
          elementId,
          variantId: variantOf(arm),
          goalId,
          goalSessions,
          conversions,
        })),
    );
    expect(body.arms.length).toBeGreaterThan(0);
    expect(body.arms.some((arm) => typeof arm.medianAppliedMs === 'number')).toBe(true);
    expect(body.goals.length).toBeGreaterThan(0);

    const stranger = await signUp(t.current.app);
    const strangerSlug = await createTeam(t.current.app, stranger, 'Counts Stranger');
    const foreign = await counts(stranger, strangerSlug);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe('Campaign not found');
    expect((await counts(stranger, slug)).statusCode).toBe(404);
  });

  it('keeps "not on this page" exposures out of the figures, counted apart; missed ones as before', async () => {
    const counts = async () =>
      (
        await t.current.app.inject({
          url: `/api/team/${slug}/tracker/counts?campaignId=${campaignId}`,
          headers: bearer(owner),
        })
      ).json<{ notOnPage: number }>().notOnPage;
    const before = {
      rollups: await rollups(),
      events: await eventCount(),
      notOnPage: await counts(),
    };
    const absent = { [headline.id]: NOT_ON_PAGE, [button.id]: NOT_ON_PAGE };
    const [variant] = headline.variants as [number];
    const answer = await post({
      events: [
        // Every element never found, either arm.
        exposure('absent-1', [variant, 'control'], { applied: absent }),
        exposure('absent-2', ['control', 'control'], { applied: absent }),
        // Their goal reaches no arm: they saw no test.
        goal('absent-1', signup),
      ],
    });
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toEqual({ accepted: 1, duplicates: 0, notOnPage: 2 });
    expect(await counts()).toBe(before.notOnPage + 2);
    expect(await rollups()).toEqual(before.rollups);
    // The goal is stored (it is a visitor's event), the two exposures are not.
    expect(await eventCount()).toBe(before.events + 1);

    // One element found: exposed, the absent one neither applied nor missed. Found but not
    // changed in time (null), or an older tracker's report: missed, as before.
    const found = await post({
      events: [
        exposure('found-1', [variant, 'control'], {
          applied: { [headline.id]: 30, [button.id]: NOT_ON_PAGE },
        }),
        exposure('missed-1', [variant, 'control'], {
          applied: { [headline.id]: null, [button.id]: null },
        }),
      ],
    });
    expect(found.json()).toEqual({ accepted: 2, duplicates: 0 });
    expect(await counts()).toBe(before.notOnPage + 2);
    const sum = (
      rows: Awaited<ReturnType<typeof rollups>>,
      key: 'exposures' | 'applied' | 'missed',
    ) => rows.filter((row) => row.goalId === 0).reduce((total, row) => total + row[key], 0);
    const after = await rollups();
    expect(sum(after, 'exposures')).toBe(sum(before.rollups, 'exposures') + 4);
    expect(sum(after, 'applied')).toBe(sum(before.rollups, 'applied') + 1);
    expect(sum(after, 'missed')).toBe(sum(before.rollups, 'missed') + 2);
  });

  it('rebuilds the same first reaches and counts from the stored rows (migration 0008)', async () => {
    const { db } = t.current.services;
    const snapshot = async () => ({
      reaches: await db
        .selectFrom('visitorGoals')
        .select(['campaignId', 'visitorId', 'goalId', 'reachedAt'])
        .orderBy('campaignId')
        .orderBy('visitorId')
        .orderBy('goalId')
        .execute(),
      counts: (
        await sql<Record<string, unknown>>`
          select campaign_id, hour, element_id, arm, goal_id, sum(goal_visitors)::integer as n
          from rollups_hourly group by 1, 2, 3, 4, 5 having sum(goal_visitors) > 0
          order by 1, 2, 3, 4, 5
        `.execute(db)
      ).rows,
    });
    const before = await snapshot();
    expect(before.reaches.length).toBeGreaterThan(5);
    await db.deleteFrom('visitorGoals').execute();
    await db.updateTable('rollupsHourly').set({ goalVisitors: 0 }).execute();
    await backfillVisitorGoals(db as unknown as Kysely<unknown>);
    expect(await snapshot()).toEqual(before);
  });

  it('drops bots: answered, counted per day, not stored', async () => {
    const before = await eventCount();
    const bot = await post(
      { events: [exposure('bot', ['control', 'control'])] },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    );
    expect(bot.statusCode).toBe(202);
    expect(await eventCount()).toBe(before);
    const drops = await t.current.services.db.selectFrom('collectDrops').selectAll().execute();
    expect(drops.reduce((sum, row) => sum + Number(row.bots), 0)).toBeGreaterThanOrEqual(1);
  });

  it('drops events marked as a variant preview before storage and rollups; the rest of the batch counts', async () => {
    const events = await eventCount();
    const counted = await rollups();
    const previewOnly = await post({
      events: [
        exposure('previewer', [headline.variants[0]!, 'control'], { preview: true }),
        { ...goal('previewer', signup), preview: true },
      ],
    });
    expect(previewOnly.statusCode).toBe(202);
    expect(previewOnly.json()).toEqual({ accepted: 0, duplicates: 0 });
    expect(await eventCount()).toBe(events);
    expect(await rollups()).toEqual(counted);
    // Positive control: in the same batch, the unmarked event is stored and counted.
    const mixed = await post({
      events: [
        exposure('previewer-2', ['control', 'control'], { preview: true }),
        exposure('real-visitor', ['control', 'control']),
      ],
    });
    expect(mixed.json()).toEqual({ accepted: 1, duplicates: 0 });
    expect(await eventCount()).toBe(events + 1);
    expect(await rollups()).not.toEqual(counted);
    // Only `true` marks a preview; anything else is a malformed event.
    const bad = await post({ events: [exposure('odd', ['control', 'control'], { preview: 1 })] });
    expect(bad.statusCode).toBe(400);
  });
});

describeEachDatabase('POST /api/collect rate limit', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 2 });

  it('answers 429 past the per-address limit', async () => {
    const send = () =>
      t.current.app.inject({
        method: 'POST',
        url: '/api/collect',
        headers: { 'user-agent': BROWSER },
        payload: { events: [] },
      });
    expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(429);
  });
});
