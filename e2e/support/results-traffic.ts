import { randomUUID } from 'node:crypto';
import { COLLECT_MAX_EVENTS, type CollectEvent } from '@kindling/domain';
import { DESKTOP_UA } from './tracker-visit';

// Traffic posted straight to POST /api/collect, as the tracker would send it, for screens that
// need known results rather than a browser per visitor.

export interface ArmTraffic {
  /** The variant id, or 'control'. */
  arm: number | 'control';
  visitors: number;
  /** Of them, how many reach the first goal then the conversion goal, spending `revenue`. */
  converters: number;
  revenue: number;
}

export interface TrafficPlan {
  campaignId: number;
  elementId: number;
  goals: { first: number; conversion: number };
  arms: ArmTraffic[];
  /** Every third visitor views the page twice in the session. */
  now: number;
  /** Visits are spread evenly over this many hours before `now`. */
  hours: number;
}

export function plannedEvents(plan: TrafficPlan): CollectEvent[] {
  const events: CollectEvent[] = [];
  let visitor = 0;
  for (const arm of plan.arms) {
    for (let index = 0; index < arm.visitors; index += 1) {
      visitor += 1;
      const visitorId = `v-${plan.campaignId}-${visitor}`;
      const sessionId = `s-${plan.campaignId}-${visitor}`;
      const ts = plan.now - ((visitor * 7919) % (plan.hours * 60)) * 60_000 - 60_000;
      const base = {
        campaignId: plan.campaignId,
        visitorId,
        sessionId,
        url: 'https://shop.example.com/landing',
      };
      const views = visitor % 3 === 0 ? 2 : 1;
      for (let view = 0; view < views; view += 1) {
        events.push({
          ...base,
          id: randomUUID(),
          type: 'exposure',
          ts: ts + view * 1000,
          assignments: { [plan.elementId]: arm.arm },
          applied: arm.arm === 'control' ? {} : { [plan.elementId]: 40 },
        });
      }
      if (index < arm.converters) {
        events.push({
          ...base,
          id: randomUUID(),
          type: 'goal',
          goalId: plan.goals.first,
          ts: ts + 5000,
        });
        events.push({
          ...base,
          id: randomUUID(),
          type: 'goal',
          goalId: plan.goals.conversion,
          ts: ts + 9000,
        });
        events.push({
          ...base,
          id: randomUUID(),
          type: 'revenue',
          amount: arm.revenue,
          ts: ts + 9500,
        });
      }
    }
  }
  return events;
}

/** Visitors sharing one network address when traffic is spread: real traffic has 1 or 2. */
const VISITORS_PER_ADDRESS = 4;

/** Addresses handed out so far in this test file: each call's visitors get new ones. */
let addressesUsed = 0;

/**
 * The events grouped by the network address they come from: the visitors, in the order they
 * first appear, `VISITORS_PER_ADDRESS` to an address (10.x.y.z, new for every call), each
 * visitor's events together and in order. The server counts visitors per address (traffic
 * concentration): traffic from few addresses is held back from every automatic decision, as
 * forged traffic would be.
 */
function spreadOverAddresses(events: readonly CollectEvent[]): Map<string, CollectEvent[]> {
  const visitors = new Map<string, number>();
  const byAddress = new Map<string, CollectEvent[]>();
  for (const event of events) {
    const key = `${event.campaignId}:${event.visitorId}`;
    if (!visitors.has(key)) visitors.set(key, visitors.size);
    const place = addressesUsed + Math.floor(visitors.get(key)! / VISITORS_PER_ADDRESS);
    const address = `10.${(place >> 16) % 256}.${(place >> 8) % 256}.${place % 256}`;
    const group = byAddress.get(address) ?? [];
    group.push(event);
    byAddress.set(address, group);
  }
  addressesUsed += byAddress.size;
  return byAddress;
}

/**
 * Posts the events in batches the endpoint takes, each acknowledged before the next: by default
 * spread over many network addresses, as visitors would come (the server trusts loopback's
 * X-Forwarded-For in the end-to-end run), or all `from` one address. Every event must count.
 */
export async function postTraffic(
  baseUrl: string,
  events: readonly CollectEvent[],
  { from }: { from?: string } = {},
): Promise<void> {
  const groups = from ? new Map([[from, [...events]]]) : spreadOverAddresses(events);
  const post = async (address: string, batch: CollectEvent[]) => {
    const response = await fetch(`${baseUrl}/api/collect`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': DESKTOP_UA,
        'x-forwarded-for': address,
      },
      body: JSON.stringify({ events: batch }),
    });
    const answer = await response.text();
    const counted = response.status === 202 && (JSON.parse(answer) as { accepted: number });
    if (!counted || counted.accepted !== batch.length) {
      throw new Error(`collect -> ${response.status} ${answer}`);
    }
  };
  // One address's batches go in order (a visitor's exposure before its goals); a few addresses
  // at once, as visitors arrive together.
  const queue = [...groups];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [address, group] = next;
      for (let start = 0; start < group.length; start += COLLECT_MAX_EVENTS) {
        await post(address, group.slice(start, start + COLLECT_MAX_EVENTS));
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}
