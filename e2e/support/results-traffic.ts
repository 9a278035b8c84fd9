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

/** Posts the events in batches the endpoint takes, each acknowledged before the next. */
export async function postTraffic(baseUrl: string, events: readonly CollectEvent[]): Promise<void> {
  for (let start = 0; start < events.length; start += COLLECT_MAX_EVENTS) {
    const response = await fetch(`${baseUrl}/api/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': DESKTOP_UA },
      body: JSON.stringify({ events: events.slice(start, start + COLLECT_MAX_EVENTS) }),
    });
    if (response.status !== 202) {
      throw new Error(`collect -> ${response.status} ${await response.text()}`);
    }
  }
}
