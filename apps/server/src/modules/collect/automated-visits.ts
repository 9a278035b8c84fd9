import type { AppServices } from '../../http/types';

/** Campaigns remembered per process; past it the one heard from longest ago is forgotten. */
const MAX_CAMPAIGNS = 10_000;

export interface AutomatedVisits {
  /** A dropped bot or headless batch: its events per campaign. */
  record(campaignIds: readonly number[], now?: number): void;
  /** Dropped events of these campaigns, and the newest, since this process started. */
  of(campaignIds: readonly number[]): { events: number; lastAt: string | null };
}

/**
 * Collect drops bot and headless-browser batches before anything is stored (their hits are not
 * visitors), so "Check installation" would say "Not seen yet" to someone who opened the page in
 * a headless browser. It keeps this small count per campaign, in memory, so the check can say
 * what did arrive. Per process: with several processes a check may ask one that saw none
 * (docs/decisions.md, "First-use fixes").
 */
export function createAutomatedVisits(max = MAX_CAMPAIGNS): AutomatedVisits {
  const byCampaign = new Map<number, { events: number; lastAt: number }>();
  return {
    record(campaignIds, now = Date.now()) {
      for (const id of campaignIds) {
        const known = byCampaign.get(id);
        // Deleted and set again, so the Map's order is the order last heard from.
        byCampaign.delete(id);
        byCampaign.set(id, { events: (known?.events ?? 0) + 1, lastAt: now });
      }
      for (const oldest of byCampaign.keys()) {
        if (byCampaign.size <= max) break;
        byCampaign.delete(oldest);
      }
    },
    of(campaignIds) {
      let events = 0;
      let lastAt = 0;
      for (const id of campaignIds) {
        const known = byCampaign.get(id);
        if (!known) continue;
        events += known.events;
        lastAt = Math.max(lastAt, known.lastAt);
      }
      return { events, lastAt: lastAt ? new Date(lastAt).toISOString() : null };
    },
  };
}

const perApp = new WeakMap<AppServices, AutomatedVisits>();

/** The one count of an app: collect records into it, the installation check reads it. */
export function automatedVisitsOf(services: AppServices): AutomatedVisits {
  let visits = perApp.get(services);
  if (!visits) {
    visits = createAutomatedVisits();
    perApp.set(services, visits);
  }
  return visits;
}
