import { randomUUID } from 'node:crypto';
import type { ElementStats } from '@kindling/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { clickGoal, textElement } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, createTeam, signUp, useTestApp, type Account } from '../../../test/test-app';

// Issue 29: the SRM test expects what the tracker served over the range (serving phases), and
// a flagged mismatch is explained by the segment where it sits. The traffic goes through
// POST /api/collect with each browser's own User-Agent header, as a tracker would send it.

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HOUR = 3_600_000;

describeEachDatabase('campaign stats: SRM by served phases, and its explanation', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 1000, JOB_WORKER: false });
  let owner: Account;
  let team: string;
  const now = Date.now();

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${team}${url}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });

  /** A headline with these variants; answers its ids. */
  async function makeCampaign(name: string, variants: string[]) {
    const created = await api('POST', '/campaign/create', {
      name,
      ingestedUrl: 'shop.example.com/landing',
      isEnabled: true,
      elements: [textElement(-1, 'h1', variants)],
      goals: [clickGoal(-20, 'purchase')],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const campaign = (await api('GET', `/campaign/by-id?id=${id}`)).json<{
      elements: { id: number; variants: { id: number }[] }[];
    }>();
    const element = campaign.elements[0]!;
    return { id, elementId: element.id, variantIds: element.variants.map((v) => v.id) };
  }

  /** `count` new visitors in `arm`, sent by `agent` in batches of 100, at `ts`. */
  async function visit(
    made: { id: number; elementId: number },
    {
      arm,
      count,
      agent,
      ts = now,
    }: { arm: number | 'control'; count: number; agent: string; ts?: number },
  ) {
    const events = Array.from({ length: count }, () => {
      const visitorId = randomUUID();
      return {
        id: randomUUID(),
        campaignId: made.id,
        visitorId,
        sessionId: `${visitorId}-s`,
        ts,
        url: 'https://shop.example.com/landing',
        type: 'exposure',
        assignments: { [made.elementId]: arm },
        applied: {},
        referrer: 'www.google.com',
        returning: false,
      };
    });
    for (let i = 0; i < events.length; i += 100) {
      const response = await t.current.app.inject({
        method: 'POST',
        url: '/api/collect',
        headers: { 'user-agent': agent, 'content-type': 'application/json' },
        payload: JSON.stringify({ events: events.slice(i, i + 100) }),
      });
      expect(response.statusCode, response.body).toBe(202);
    }
  }

  async function elementStats(made: { id: number; elementId: number }): Promise<ElementStats> {
    const response = await api('POST', '/campaign/stats', {
      id: made.id,
      range: {
        start: new Date(now - 2 * 86_400_000).toISOString(),
        end: new Date(now + 86_400_000).toISOString(),
      },
      timezone: 'UTC',
      granularity: 'day',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ elements: Record<string, ElementStats> }>().elements[
      String(made.elementId)
    ]!;
  }

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Sam Ratio');
    team = await createTeam(t.current.app, owner, 'Ratio Team');
  });

  describe('a variant paused halfway', () => {
    it('expects the split that was served: 2:2:1 is no mismatch', async () => {
      const made = await makeCampaign('Paused halfway', ['A', 'B']);
      const [a, b] = made.variantIds as [number, number];
      // Three hours ago all three arms were served: 100 new visitors each.
      const before = now - 3 * HOUR;
      for (const arm of ['control', a, b] as const) {
        await visit(made, { arm, count: 100, agent: CHROME_DESKTOP, ts: before });
      }
      const paused = await api('GET', `/campaign/update-variant-enabled?id=${b}&isEnabled=false`);
      expect(paused.statusCode, paused.body).toBe(200);
      // Then only the original and A: 100 more each, in a later hour than the pause.
      for (const arm of ['control', a] as const) {
        await visit(made, { arm, count: 100, agent: CHROME_DESKTOP, ts: now + 2 * HOUR });
      }
      const phases = await t.current.services.db
        .selectFrom('campaignServingPhases')
        .select('shares')
        .where('campaignId', '=', made.id)
        .orderBy('startedAt')
        .orderBy('id')
        .execute();
      const third = 1 / 3;
      expect(phases.map((p) => p.shares[String(made.elementId)])).toEqual([
        { 0: third, [a]: third, [b]: third },
        { 0: 0.5, [a]: 0.5 },
      ]);

      const element = await elementStats(made);
      expect(element.variants[String(b)]!.paused).toBe(false);
      // 200 / 200 / 100 is exactly what was served.
      expect(element.srm).toMatchObject({ flagged: false, pValue: 1 });
      expect(element.verdict.state).not.toBe('sample_ratio_mismatch');
      expect(element.srmExplanation).toBeNull();

      // Without the phases the same traffic is a mismatch against an even split (the check
      // this test would fail without them).
      await t.current.services.db
        .deleteFrom('campaignServingPhases')
        .where('campaignId', '=', made.id)
        .execute();
      const even = await elementStats(made);
      expect(even.srm!.flagged).toBe(true);
    });
  });

  describe('an imbalance confined to one browser', () => {
    it('is flagged, and the explanation names Safari on phones', async () => {
      const made = await makeCampaign('Safari breaks', ['A']);
      const a = made.variantIds[0]!;
      await visit(made, { arm: 'control', count: 150, agent: CHROME_DESKTOP });
      await visit(made, { arm: a, count: 150, agent: CHROME_DESKTOP });
      // Variant A fails on iPhones: a fifth of its Safari visitors are ever counted.
      await visit(made, { arm: 'control', count: 150, agent: SAFARI_IPHONE });
      await visit(made, { arm: a, count: 30, agent: SAFARI_IPHONE });

      const element = await elementStats(made);
      expect(element.srm!.flagged).toBe(true);
      expect(element.verdict.state).toBe('sample_ratio_mismatch');
      const explanation = element.srmExplanation!;
      expect(explanation.explained).toBe(true);
      expect(explanation.segments[0]).toMatchObject({
        dimension: 'platform',
        value: 'safari/phone',
        label: 'Safari on phones',
        visitors: [150, 30],
      });
      expect(explanation.segments.map((s) => s.label)).toEqual([
        'Safari on phones',
        'Safari',
        'Phones',
      ]);
      expect(explanation.summary).toBe(
        "Safari on phones made up 50% of the original's exposures but 17% of Variant 1's: " +
          'something in Variant 1 fails there. Without them the split is as expected.',
      );
    });

    it('is described in the OpenAPI document', async () => {
      const document = (
        await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' })
      ).json<{ paths: Record<string, { post: { responses: Record<string, unknown> } }> }>();
      const answer = JSON.stringify(
        document.paths['/api/team/{team}/campaign/stats']!.post.responses['200'],
      );
      for (const field of ['srmExplanation', 'explained', 'segments', 'contribution', 'platform']) {
        expect(answer).toContain(`"${field}"`);
      }
    });

    it('explains nothing while the split is as expected', async () => {
      const made = await makeCampaign('Balanced', ['A']);
      await visit(made, { arm: 'control', count: 60, agent: SAFARI_IPHONE });
      await visit(made, { arm: made.variantIds[0]!, count: 60, agent: SAFARI_IPHONE });
      const element = await elementStats(made);
      expect(element.srm!.flagged).toBe(false);
      expect(element.srmExplanation).toBeNull();
    });
  });
});
