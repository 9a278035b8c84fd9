import {
  VITALS_MESSAGES,
  VITALS_METRICS,
  vitalsBucketOf,
  type CollectEvent,
  type VitalsEvent,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Statements } from '../../db/statement-transaction';
import { validationError } from '../../errors';
import { armsOf, type Arms } from './rollup-plan';
import { findExposures, insertNewVitals, type VitalsRollupRow } from './vitals-repo';

// Web Vitals per variant (issue 30): a vitals event counts for the arms of the exposure it
// names, read once per batch (one primary-key lookup for all its vitals events) before the
// batch is stored; a batch naming an exposure that is not its visitor's in that campaign is
// refused whole, like one naming an unknown goal (docs/decisions.md, "Web Vitals per variant").

export const isVitals = (event: CollectEvent): event is VitalsEvent => event.type === 'vitals';

/**
 * Vitals event id -> the arms of its exposure. Throws the validation error when an exposure is
 * unknown, or another visitor's or campaign's.
 */
export async function vitalsArmsOf(
  db: Db,
  events: readonly CollectEvent[],
): Promise<Map<string, Arms>> {
  const vitals = events.filter(isVitals);
  const arms = new Map<string, Arms>();
  if (vitals.length === 0) return arms;
  const found = await findExposures(db, [...new Set(vitals.map((event) => event.exposureId))]);
  const byId = new Map(found.map((exposure) => [exposure.id, exposure]));
  for (const event of vitals) {
    const exposure = byId.get(event.exposureId.toLowerCase());
    if (exposure?.campaignId !== event.campaignId || exposure.visitorId !== event.visitorId) {
      throw validationError(VITALS_MESSAGES.unknownExposure);
    }
    arms.set(event.id, armsOf(exposure.assignments));
  }
  return arms;
}

/** Stores the vitals events not stored before, and their counts; answers those stored. */
export async function storeVitals(
  statements: Statements,
  {
    events,
    armsOf: armsOfEvent,
  }: { events: readonly VitalsEvent[]; armsOf: ReadonlyMap<string, Arms> },
): Promise<VitalsEvent[]> {
  const rows = events.map((event) => ({
    id: event.id,
    campaignId: event.campaignId,
    exposureId: event.exposureId,
    visitorId: event.visitorId,
    ts: new Date(event.ts).toISOString(),
    url: event.url,
    arms: armsOfEvent.get(event.id)!,
    lcp: event.lcp ?? null,
    cls: event.cls ?? null,
    inp: event.inp ?? null,
  }));
  const counts: VitalsRollupRow[] = rows.flatMap((row) =>
    Object.entries(row.arms).flatMap(([elementId, arm]) => {
      const at = { eventId: row.id, campaignId: row.campaignId, elementId: Number(elementId), arm };
      return [
        { ...at, metric: 'all' as const, bucket: 0 },
        ...VITALS_METRICS.flatMap((metric) => {
          const value = row[metric];
          return value === null ? [] : [{ ...at, metric, bucket: vitalsBucketOf(metric, value) }];
        }),
      ];
    }),
  );
  const stored = await insertNewVitals(statements, { events: rows, counts });
  return events.filter((event) => stored.has(event.id));
}
