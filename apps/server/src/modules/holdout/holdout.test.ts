import { randomUUID } from 'node:crypto';
import { HOLDOUT_MESSAGES } from '@kindling/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { funnelCampaign } from '../../../test/campaign-parts';
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

// The global holdout (issue 31): a team's share of visitors who see no campaign; their
// exposures are no arm's, and their conversion is compared with everyone else's.

interface Report {
  percent: number;
  holdout: { visitors: number; conversions: number };
  exposed: { visitors: number; conversions: number };
  since: string | null;
  impact: { state: string; sentence: string };
}

describeEachDatabase('the global holdout', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  let owner: Account;
  let member: Account;
  let slug: string;
  let otherSlug: string;
  let campaignId: number;
  let headline: { id: number; variant: number };
  let goals: { signup: number; purchase: number };
  const now = Date.now();

  const holdout = (team: string, account: Account, percent?: unknown) =>
    t.current.app.inject({
      method: percent === undefined ? 'GET' : 'PUT',
      url: `/api/team/${team}/holdout`,
      headers: bearer(account),
      ...(percent === undefined ? {} : { payload: { percent } }),
    });
  const report = async () => (await holdout(slug, owner)).json<Report>();

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    member = await signUp(t.current.app, 'Mo Member');
    slug = await createTeam(t.current.app, owner, 'Holdout Team');
    otherSlug = await createTeam(t.current.app, member, 'Other Team');
    await addMember(t.current.app, { owner, slug, member });
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: { ...funnelCampaign('Held'), isEnabled: true },
    });
    campaignId = created.json<{ id: number }>().id;
    const campaign = (
      await t.current.app.inject({
        url: `/api/team/${slug}/campaign/by-id?id=${campaignId}`,
        headers: bearer(owner),
      })
    ).json<{
      elements: { id: number; variants: { id: number }[] }[];
      goals: { id: number }[];
    }>();
    headline = { id: campaign.elements[0]!.id, variant: campaign.elements[0]!.variants[0]!.id };
    goals = { signup: campaign.goals[0]!.id, purchase: campaign.goals[1]!.id };
  });

  const base = (visitorId: string, at = now) => ({
    id: randomUUID(),
    campaignId,
    visitorId,
    sessionId: `${visitorId}-s`,
    ts: at,
    url: 'https://shop.example.com/landing',
  });
  const exposure = (visitorId: string, held: boolean, at = now) => ({
    ...base(visitorId, at),
    type: 'exposure',
    assignments: { [headline.id]: held ? 'control' : headline.variant },
    applied: {},
    ...(held ? { holdout: true } : {}),
  });
  const goal = (visitorId: string, goalId: number, at = now + 1000) => ({
    ...base(visitorId, at),
    type: 'goal',
    goalId,
  });
  const collect = async (events: object[]) => {
    const response = await t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ events }),
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<{ accepted: number }>();
  };
  const storedOf = async (visitorId: string) => {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from events where visitor_id = ${visitorId}
        and type = 'exposure'
    `.execute(t.current.services.db);
    const visitors = await t.current.services.db
      .selectFrom('campaignVisitors')
      .select('visitorId')
      .where('visitorId', '=', visitorId)
      .execute();
    return { exposures: Number(rows[0]!.n), visitors: visitors.length };
  };

  describe('the setting', () => {
    it('is off for a new team', async () => {
      const off = await report();
      expect(off).toMatchObject({
        percent: 0,
        holdout: { visitors: 0, conversions: 0 },
        since: null,
        impact: { state: 'off' },
      });
    });

    it.each([21, -1, 7.5, '10'])(
      'refuses %j with the message, and changes nothing',
      async (bad) => {
        const refused = await holdout(slug, owner, bad);
        expect(refused.statusCode).toBe(400);
        expect(errorOf(refused).message).toBe(HOLDOUT_MESSAGES.percent);
        expect((await report()).percent).toBe(0);
      },
    );

    it('is set by owners only, and never for another team', async () => {
      const byMember = await holdout(slug, member, 10);
      expect(byMember.statusCode).toBe(403);
      // The member owns another team; the owner of this one is not in it.
      expect((await holdout(otherSlug, owner, 10)).statusCode).toBe(404);
      expect((await holdout(otherSlug, owner)).statusCode).toBe(404);
      expect((await report()).percent).toBe(0);
      const set = await holdout(slug, owner, 10);
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json<Report>()).toMatchObject({ percent: 10, impact: { state: 'collecting' } });
      // Members read it: the overview shows it to the whole team.
      expect((await holdout(slug, member)).json<Report>().percent).toBe(10);
    });

    it("goes into the team's tracker config, and the tracker that imports the targeting part", async () => {
      const config = await t.current.app.inject({ url: `/api/tracker/${slug}/config.json` });
      expect(config.json<{ holdout?: number }>().holdout).toBe(10);
      const script = await t.current.app.inject({ url: `/api/tracker/${slug}.js` });
      expect(script.body).toContain('targeting.js');
      const other = await t.current.app.inject({ url: `/api/tracker/${otherSlug}/config.json` });
      expect(other.json<{ holdout?: number }>().holdout).toBeUndefined();
    });
  });

  describe('collect', () => {
    it("keeps held-out exposures out of the campaign's figures, in the programme's", async () => {
      const answer = await collect([
        exposure('held-1', true),
        exposure('held-2', true),
        exposure('in-1', false),
        exposure('in-2', false),
        exposure('in-3', false),
      ]);
      expect(answer.accepted).toBe(5);
      expect(await storedOf('held-1')).toEqual({ exposures: 0, visitors: 0 });
      expect(await storedOf('in-1')).toEqual({ exposures: 1, visitors: 1 });
      expect(await report()).toMatchObject({
        holdout: { visitors: 2, conversions: 0 },
        exposed: { visitors: 3, conversions: 0 },
      });
    });

    it('counts a conversion goal reached in the window, once, in either group', async () => {
      // held-2 was first seen eight days ago (collect refuses times a day off the clock).
      await sql`
        update programme_visitors set first_seen = first_seen - interval '8 days'
        where visitor_id = 'held-2'
      `.execute(t.current.services.db);
      await collect([
        goal('held-1', goals.purchase),
        goal('in-1', goals.purchase),
        // Not the conversion goal.
        goal('in-2', goals.signup),
        // Past the conversion window of the visitor's first page view.
        goal('held-2', goals.purchase),
      ]);
      // Sent again (a retry): nothing more.
      await collect([goal('held-1', goals.purchase, now + 5000)]);
      const after = await report();
      expect(after.holdout).toEqual({ visitors: 2, conversions: 1 });
      expect(after.exposed).toEqual({ visitors: 3, conversions: 1 });
      expect(after.since).toBe(new Date(now - 8 * 86_400_000).toISOString());
      // The held-out visitor's goal is no arm's either.
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from visitor_goals where visitor_id = 'held-1'
      `.execute(t.current.services.db);
      expect(Number(rows[0]!.n)).toBe(0);
    });

    it('starts the comparison again when the share changes, not when it is saved as it was', async () => {
      await holdout(slug, owner, 10);
      expect((await report()).holdout.visitors).toBe(2);
      await holdout(slug, owner, 15);
      expect(await report()).toMatchObject({
        percent: 15,
        holdout: { visitors: 0, conversions: 0 },
        exposed: { visitors: 0, conversions: 0 },
        since: null,
      });
    });

    it('counts nothing once the holdout is off, and keeps the figures it had', async () => {
      await collect([exposure('before-off', false)]);
      expect((await report()).exposed.visitors).toBe(1);
      await holdout(slug, owner, 0);
      expect(await report()).toMatchObject({ percent: 0, exposed: { visitors: 1 } });
      // Collect keeps tracking shapes for a few seconds (TRACKING_SHAPE_TTL_MS): once they are
      // read again, a new visitor is not counted.
      let visitor = 0;
      await expect
        .poll(
          async () => {
            const id = `later-${(visitor += 1)}`;
            await collect([exposure(id, false)]);
            const { rows } = await sql<{ n: string }>`
              select count(*) as n from programme_visitors where visitor_id = ${id}
            `.execute(t.current.services.db);
            return Number(rows[0]!.n);
          },
          { timeout: 15_000, interval: 1000 },
        )
        .toBe(0);
      expect((await storedOf(`later-${visitor}`)).exposures).toBe(1);
      // On again: a new draw, a new comparison.
      await holdout(slug, owner, 5);
      expect((await report()).exposed.visitors).toBe(0);
    });
  });
});
