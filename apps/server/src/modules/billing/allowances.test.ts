import {
  ENTITLEMENT_MESSAGES,
  PLAN_MONTHLY_AI_GENERATIONS,
  PLAN_MONTHLY_EXPOSURES,
  PLAN_RUNNING_CAMPAIGNS,
  type AllowanceOverview,
} from '@kindling/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { createStatsCampaign, insertRollups, type StatsFixture } from '../../../test/stats-fixture';
import { SUBSCRIPTIONS, setTeamSubscription } from '../../../test/subscriptions';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

const campaign = (name: string, more: object = {}) => ({
  name,
  ingestedUrl: 'https://shop.example.com/',
  ...more,
});

describeEachDatabase('plan allowances', (kind) => {
  const t = useTestApp(kind);
  let owner: Account;

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Owner');
  });

  const inject = (method: 'GET' | 'POST', url: string, payload?: object, as = owner) =>
    t.current.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const create = (slug: string, more: object = {}, name = 'Campaign') =>
    inject('POST', `/api/team/${slug}/campaign/create`, campaign(name, more));
  const setEnabled = (slug: string, id: number, on: boolean) =>
    inject('GET', `/api/team/${slug}/campaign/update-enabled?id=${id}&isEnabled=${on}`);
  const allowances = async (slug: string, as = owner) => {
    const response = await inject('GET', `/api/team/${slug}/billing/allowances`, undefined, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AllowanceOverview>();
  };
  const enabledOf = async (slug: string) => {
    const list = await inject('GET', `/api/team/${slug}/campaign/by-team`);
    return list
      .json<{ id: number; isEnabled: boolean }[]>()
      .map((row) => [row.id, row.isEnabled] as const)
      .sort(([a], [b]) => a - b);
  };
  const newTeam = async (name: string, subscription: Parameters<typeof SUBSCRIPTIONS.paid>) => {
    const slug = await createTeam(t.current.app, owner, name);
    await setTeamSubscription(t.current, {
      slug,
      subscription: SUBSCRIPTIONS.paid(...subscription),
    });
    return slug;
  };

  describe('running campaigns', () => {
    it('lets a team without a subscription run as many as it likes', async () => {
      const slug = await createTeam(t.current.app, owner, 'Self hosted');
      for (let i = 0; i < PLAN_RUNNING_CAMPAIGNS.starter + 2; i += 1) {
        expect((await create(slug, { isEnabled: true })).statusCode).toBe(201);
      }
      const overview = await allowances(slug);
      expect(overview).toMatchObject({
        basis: 'unlimited',
        state: 'none',
        tier: null,
        allowances: { runningCampaigns: null, monthlyExposures: null, monthlyAiGenerations: null },
        used: { runningCampaigns: PLAN_RUNNING_CAMPAIGNS.starter + 2 },
      });
    });

    it('stops the starter plan at its cap with the message, and changes nothing', async () => {
      const slug = await newTeam('Starter', ['starter']);
      const cap = PLAN_RUNNING_CAMPAIGNS.starter;
      const ids: number[] = [];
      for (let i = 0; i < cap; i += 1) {
        const created = await create(slug, {}, `On ${i}`);
        expect(created.statusCode).toBe(201);
        ids.push(created.json<{ id: number }>().id);
      }
      const message = ENTITLEMENT_MESSAGES.runningCap('Starter', cap);

      // Asked for on: refused, nothing made.
      const refused = await create(slug, { isEnabled: true }, 'One too many');
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toMatchObject({ code: 'CONFLICT', message });
      // Not asked: starts paused, as without a subscription.
      const paused = await create(slug, {}, 'Paused');
      expect(paused.statusCode).toBe(201);
      const pausedId = paused.json<{ id: number }>().id;
      const before = await enabledOf(slug);
      expect(before).toEqual([...ids.map((id) => [id, true] as const), [pausedId, false]]);

      const switched = await setEnabled(slug, pausedId, true);
      expect(switched.statusCode).toBe(409);
      expect(errorOf(switched).message).toBe(message);
      // Saving it switched on is refused the same way.
      const stored = (await inject('GET', `/api/team/${slug}/campaign/by-id?id=${pausedId}`)).json<
        Record<string, unknown>
      >();
      const saved = await inject('POST', `/api/team/${slug}/campaign/save`, {
        ...campaign('Paused'),
        id: pausedId,
        elements: stored.elements,
        goals: stored.goals,
        isEnabled: true,
      });
      expect(saved.statusCode).toBe(409);
      expect(await enabledOf(slug)).toEqual(before);
      expect((await allowances(slug)).used.runningCampaigns).toBe(cap);

      // Switching one already on "on" again, or off, always works; then there is room.
      expect((await setEnabled(slug, ids[0]!, true)).statusCode).toBe(200);
      expect((await setEnabled(slug, ids[0]!, false)).statusCode).toBe(200);
      expect((await setEnabled(slug, pausedId, true)).statusCode).toBe(200);
      expect((await setEnabled(slug, ids[0]!, true)).statusCode).toBe(409);
    });

    it('lets concurrent switches pass only up to the cap', async () => {
      const slug = await newTeam('Race', ['starter']);
      const ids: number[] = [];
      for (let i = 0; i < PLAN_RUNNING_CAMPAIGNS.starter + 3; i += 1) {
        ids.push((await create(slug, { isEnabled: false })).json<{ id: number }>().id);
      }
      const answers = await Promise.all(ids.map((id) => setEnabled(slug, id, true)));
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(
        PLAN_RUNNING_CAMPAIGNS.starter,
      );
      expect((await allowances(slug)).used.runningCampaigns).toBe(PLAN_RUNNING_CAMPAIGNS.starter);
    });

    it('refuses a team whose trial ended with 402, and its usage says why', async () => {
      const slug = await createTeam(t.current.app, owner, 'Ended');
      const id = (await create(slug, { isEnabled: false })).json<{ id: number }>().id;
      await setTeamSubscription(t.current, { slug, subscription: SUBSCRIPTIONS.trialEnded(1) });
      const refused = await setEnabled(slug, id, true);
      expect(refused.statusCode).toBe(402);
      expect(errorOf(refused)).toMatchObject({
        code: 'PAYMENT_REQUIRED',
        message: 'Your free trial has ended. Choose a plan to switch campaigns on.',
      });
      expect(await enabledOf(slug)).toEqual([[id, false]]);
      // A new campaign starts paused rather than failing.
      const created = await create(slug);
      expect(created.statusCode).toBe(201);
      const overview = await allowances(slug);
      expect(overview).toMatchObject({ basis: 'trial_ended', tier: 'starter' });
      expect(overview.graceEndsAt).not.toBeNull();
    });
  });

  describe('AI generations', () => {
    const generateText = (slug: string) =>
      inject('POST', `/api/team/${slug}/campaign/generate-text`, { value: 'Buy now', count: 1 });
    const generateImage = (slug: string) =>
      inject('POST', `/api/team/${slug}/campaign/generate-image`, {
        prompt: 'a red bicycle',
        dimensions: { width: 64, height: 64 },
        ids: [0],
      });
    const fillGenerations = async (slug: string, count: number) => {
      const team = await t.current.services.db
        .selectFrom('teams')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow();
      await t.current.services.db
        .insertInto('aiGenerations')
        .values(Array.from({ length: count }, () => ({ teamId: team.id, kind: 'text' as const })))
        .execute();
    };

    it('counts text and image requests together and refuses past the allowance', async () => {
      const slug = await newTeam('AI', ['standard']);
      const cap = PLAN_MONTHLY_AI_GENERATIONS.standard;
      expect((await generateText(slug)).statusCode).toBe(200);
      const image = await generateImage(slug);
      expect(image.statusCode, image.body).toBe(202);
      expect((await allowances(slug)).used.monthlyAiGenerations).toBe(2);

      await fillGenerations(slug, cap - 3);
      expect((await generateText(slug)).statusCode).toBe(200);
      const message = ENTITLEMENT_MESSAGES.aiCap('Standard', cap);
      for (const refused of [await generateText(slug), await generateImage(slug)]) {
        expect(refused.statusCode).toBe(402);
        expect(errorOf(refused)).toMatchObject({ code: 'PAYMENT_REQUIRED', message });
      }
      expect((await allowances(slug)).used.monthlyAiGenerations).toBe(cap);
      const jobs = await t.current.services.db
        .selectFrom('jobs')
        .innerJoin('teams', 'teams.id', 'jobs.teamId')
        .select('jobs.id')
        .where('teams.slug', '=', slug)
        .execute();
      expect(jobs).toHaveLength(1);
    });

    it('refuses a team whose paid period ended, and leaves unsubscribed teams unlimited', async () => {
      const ended = await createTeam(t.current.app, owner, 'Lapsed');
      await setTeamSubscription(t.current, {
        slug: ended,
        subscription: SUBSCRIPTIONS.periodEnded(2),
      });
      const refused = await generateText(ended);
      expect(refused.statusCode).toBe(402);
      expect(errorOf(refused).message).toBe(
        'Your subscription has ended. Renew it to use AI suggestions.',
      );
      expect((await allowances(ended)).used.monthlyAiGenerations).toBe(0);

      const free = await createTeam(t.current.app, owner, 'Free AI');
      await fillGenerations(free, PLAN_MONTHLY_AI_GENERATIONS.business + 1);
      expect((await generateText(free)).statusCode).toBe(200);
    });
  });

  describe('tracked views', () => {
    const thisMonth = () => {
      const now = new Date();
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth())).toISOString();
    };
    /** Stats campaigns start paused (no subscription when made): switched on under a plan. */
    const switchOn = async (fixture: StatsFixture) => {
      await setTeamSubscription(t.current, {
        slug: fixture.slug,
        subscription: SUBSCRIPTIONS.paid(),
      });
      const response = await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${fixture.slug}/campaign/update-enabled?id=${fixture.campaignId}&isEnabled=true`,
        headers: bearer(fixture.owner),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const served = async (fixture: StatsFixture) => {
      const response = await t.current.app.inject({
        method: 'GET',
        url: `/api/tracker/${fixture.slug}/config.json`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ campaigns: { id: number }[] }>().campaigns.map((c) => c.id);
    };

    it('stops serving campaigns once the month reaches the allowance', async () => {
      const under = await createStatsCampaign(t.current.app, 'Under');
      const over = await createStatsCampaign(t.current.app, 'Over');
      const cap = PLAN_MONTHLY_EXPOSURES.starter;
      for (const [fixture, exposures] of [
        [under, cap - 1],
        [over, cap],
      ] as const) {
        await switchOn(fixture);
        await insertRollups(t.current, fixture.campaignId, [
          { hour: thisMonth(), elementId: fixture.headline.id, arm: 0, exposures },
        ]);
      }
      expect(await served(under)).toEqual([under.campaignId]);
      expect(await served(over)).toEqual([]);
      expect((await allowances(over.slug, over.owner)).used.monthlyExposures).toBe(cap);
    });

    it('keeps an ended trial serving for the grace days, then shows the original', async () => {
      const recent = await createStatsCampaign(t.current.app, 'Recent end');
      const old = await createStatsCampaign(t.current.app, 'Old end');
      await switchOn(recent);
      await switchOn(old);
      await setTeamSubscription(t.current, {
        slug: recent.slug,
        subscription: SUBSCRIPTIONS.trialEnded(2),
      });
      await setTeamSubscription(t.current, {
        slug: old.slug,
        subscription: SUBSCRIPTIONS.trialEnded(8),
      });
      expect(await served(recent)).toEqual([recent.campaignId]);
      expect(await served(old)).toEqual([]);
    });
  });
});
