import type { CollectEvent } from '@kindling/domain';
import type { Statements } from '../../db/statement-transaction';
import { findVisitors } from './repo';
import { armsOf, visitorKey, type VisitorFacts } from './rollup-plan';

// Helpers of ingest-events.ts's storeBatch, kept apart so that file stays within its size.

type Exposure = Extract<CollectEvent, { type: 'exposure' }>;

/** The first event per key, events taken in time order. */
export function firstBy<T extends { id: string }>(events: readonly T[], key: (event: T) => string) {
  const first = new Map<string, T>();
  for (const event of events) if (!first.has(key(event))) first.set(key(event), event);
  return first;
}

/**
 * The visitors the batch's goals and revenue count for. Those this batch created are known from
 * their opening exposure (what the row holds); only the others are looked up, in a statement of
 * their own so it sees a visitor a concurrent batch committed while ours waited on it.
 */
export async function knownVisitors(
  statements: Statements,
  fresh: readonly CollectEvent[],
  created: ReadonlyMap<string, Exposure>,
): Promise<Map<string, VisitorFacts>> {
  const visitors = new Map<string, VisitorFacts>();
  for (const [key, opener] of created) {
    visitors.set(key, { arms: armsOf(opener.assignments), firstExposureAt: opener.ts });
  }
  const others = fresh.filter((e) => e.type !== 'exposure' && !created.has(visitorKey(e)));
  const rows = await findVisitors(
    statements,
    [...firstBy(others, visitorKey).values()].map((e) => [e.campaignId, e.visitorId]),
  );
  for (const row of rows) {
    const firstExposureAt = new Date(row.firstExposureAt).getTime();
    visitors.set(visitorKey(row), { arms: row.assignments, firstExposureAt });
  }
  return visitors;
}
