import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { funnelCampaign } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, createTeam, signUp, useTestApp, type Account } from '../../../test/test-app';

// Issue 34, finding 3: bandit shares follow the counted conversions, so forged events could
// steer a team's traffic. While a campaign's counted traffic comes from few client addresses
// its bandit weights stay even; the same events from many addresses move them (the control).

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';

interface Created {
  id: number;
  elements: { id: number; variants: { id: number }[] }[];
  goals: { id: number }[];
}
interface ServedElement {
  id: number;
  controlWeight?: number;
  variants: { id: number; weight?: number }[];
}

describeEachDatabase('bandit weights on concentrated traffic', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 10_000 });
  let slug: string;
  let owner: Account;

  const createBandit = async (name: string) => {
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: { ...funnelCampaign(name), type: 'multi_armed_bandit', isEnabled: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const read = await t.current.app.inject({
      url: `/api/team/${slug}/campaign/by-id?id=${created.json<{ id: number }>().id}`,
      headers: bearer(owner),
    });
    return read.json<Created>();
  };
  /**
   * 200 visitors per headline arm through the whole funnel (signup, then purchase): 5% of the
   * control's and of b's, 30% of a's; `addressOf(visitor)` says where each visitor comes from.
   */
  const convert = async (campaign: Created, addressOf: (visitor: number) => string) => {
    const [headline, button] = campaign.elements;
    const [signup, purchase] = campaign.goals;
    const arms = ['control', ...headline!.variants.map((v) => v.id)] as const;
    const byAddress = new Map<string, object[]>();
    let visitor = 0;
    for (const [index, arm] of arms.entries()) {
      for (let i = 0; i < 200; i++) {
        const visitorId = `v-${campaign.id}-${visitor}`;
        const address = addressOf(visitor++);
        const base = {
          campaignId: campaign.id,
          visitorId,
          sessionId: `${visitorId}-s`,
          url: 'https://shop.example.com/landing',
        };
        const ts = Date.now() - 60_000;
        const events = byAddress.get(address) ?? [];
        byAddress.set(address, events);
        events.push({
          ...base,
          id: randomUUID(),
          ts,
          type: 'exposure',
          assignments: { [headline!.id]: arm, [button!.id]: 'control' },
        });
        if (i < (index === 1 ? 60 : 10)) {
          events.push({
            ...base,
            id: randomUUID(),
            ts: ts + 1000,
            type: 'goal',
            goalId: signup!.id,
          });
          events.push({
            ...base,
            id: randomUUID(),
            ts: ts + 2000,
            type: 'goal',
            goalId: purchase!.id,
          });
        }
      }
    }
    for (const [address, events] of byAddress) {
      for (let start = 0; start < events.length; start += 100) {
        const response = await t.current.app.inject({
          method: 'POST',
          url: '/api/collect',
          remoteAddress: address,
          headers: { 'user-agent': BROWSER },
          payload: { events: events.slice(start, start + 100) },
        });
        expect(response.json()).toEqual({
          accepted: events.slice(start, start + 100).length,
          duplicates: 0,
        });
      }
    }
  };
  const served = async (campaignId: number) => {
    const response = await t.current.app.inject({ url: `/api/tracker/${slug}/config.json` });
    const { campaigns } = response.json<{
      campaigns: { id: number; elements: ServedElement[] }[];
    }>();
    return campaigns.find((campaign) => campaign.id === campaignId)!.elements[0]!;
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Bea Bandit');
    slug = await createTeam(t.current.app, owner, 'Bandit Watch');
  });

  it('keeps even shares while one address sent the traffic, and moves them for many (control)', async () => {
    const flooded = await createBandit('Flooded');
    const spread = await createBandit('Spread');
    await convert(flooded, () => '203.0.113.9');
    await convert(
      spread,
      (visitor) => `198.51.${Math.floor(visitor / 4 / 256)}.${Math.floor(visitor / 4) % 256}`,
    );

    const even = await served(flooded.id);
    expect([even.controlWeight, ...even.variants.map((v) => v.weight)]).toEqual([
      0.3333, 0.3333, 0.3333,
    ]);
    const learnt = await served(spread.id);
    const [a, b] = learnt.variants;
    expect(a!.weight).toBe(0.9);
    expect(learnt.controlWeight).toBeLessThan(0.1);
    expect(b!.weight).toBeLessThan(0.1);
  });
});
