import { beforeAll, expect, it } from 'vitest';
import { funnelCampaign } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { insertRollups } from '../../../test/stats-fixture';
import { bearer, createTeam, signUp, useTestApp } from '../../../test/test-app';

// Bandit campaigns are served Thompson-sampling weights computed from their results (the
// rollups, written here by hand); other campaigns are served no weights.

interface ServedElement {
  id: number;
  controlWeight?: number;
  variants: { id: number; weight?: number }[];
}
interface Served {
  campaigns: { id: number; elements: ServedElement[] }[];
}
interface Created {
  id: number;
  elements: { id: number; variants: { id: number }[] }[];
  goals: { id: number }[];
}

describeEachDatabase('bandit weights in the tracker config', (kind) => {
  const t = useTestApp(kind);
  let slug: string;
  let bandit: Created;
  let split: Created;

  const create = async (owner: { token: string }, payload: object) => {
    const response = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: number }>();
    const read = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/campaign/by-id?id=${id}`,
      headers: bearer(owner),
    });
    return read.json<Created>();
  };
  const served = async (campaignId: number) => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/tracker/${slug}/config.json`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Served>().campaigns.find((c) => c.id === campaignId)!;
  };

  beforeAll(async () => {
    const owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Bandit Team');
    bandit = await create(owner, {
      ...funnelCampaign('Bandit'),
      type: 'multi_armed_bandit',
      isEnabled: true,
    });
    split = await create(owner, { ...funnelCampaign('Split'), isEnabled: true });
    const [headline] = bandit.elements;
    const purchase = bandit.goals[1]!.id;
    const [a, b] = headline!.variants.map((v) => v.id);
    const hour = '2026-04-01T10:00Z';
    const arm = (armId: number, visitors: number, conversions: number) => [
      { hour, elementId: headline!.id, arm: armId, exposures: visitors, visitors },
      {
        hour,
        elementId: headline!.id,
        arm: armId,
        goalId: purchase,
        conversions,
        goalVisitors: conversions,
      },
    ];
    // Converted of exposed visitors over the lifetime: control 5%, a 15%, b 5%.
    await insertRollups(t.current, bandit.id, [
      ...arm(0, 1000, 50),
      ...arm(a!, 600, 40),
      ...arm(b!, 1000, 50),
      { ...arm(a!, 400, 110)[0]!, hour: '2026-04-20T08:00Z' },
      { ...arm(a!, 400, 110)[1]!, hour: '2026-04-20T08:00Z' },
    ]);
    // The same results for the A/B split, which must not change its even split.
    const [splitHeadline] = split.elements;
    await insertRollups(t.current, split.id, [
      { hour, elementId: splitHeadline!.id, arm: 0, exposures: 1000, visitors: 1000 },
    ]);
  });

  it('gives the arm that clearly converts better a clearly larger weight', async () => {
    const [headline] = (await served(bandit.id)).elements;
    const [a, b] = headline!.variants;
    // P(a is best) is about 1: Thompson gives a 0.98 and the others the 1% floor; the 90%
    // ceiling takes a back to 0.9 and hands the 0.08 to the others, half each.
    expect(a!.weight).toBe(0.9);
    expect(headline!.controlWeight).toBeCloseTo(0.05, 3);
    expect(b!.weight).toBeCloseTo(0.05, 3);
  });

  it('splits an element without results evenly', async () => {
    const [, button] = (await served(bandit.id)).elements;
    expect(button!.controlWeight).toBe(0.5);
    expect(button!.variants.map((v) => v.weight)).toEqual([0.5]);
  });

  it('serves the same weights again (seeded, and kept for a minute)', async () => {
    expect(await served(bandit.id)).toEqual(await served(bandit.id));
  });

  it('serves no weights for a campaign that is not a bandit', async () => {
    for (const element of (await served(split.id)).elements) {
      expect(element).not.toHaveProperty('controlWeight');
      for (const variant of element.variants) expect(variant).not.toHaveProperty('weight');
    }
  });
});
