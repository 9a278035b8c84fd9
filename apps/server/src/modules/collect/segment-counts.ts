import {
  SEGMENT_DIMENSIONS,
  visitorSegmentOf,
  type AgentClass,
  type CollectEvent,
  type SegmentDimension,
} from '@kindling/domain';
import { armsOf, visitorKey } from './rollup-plan';

// Which segment counters a batch raises: per new visitor (the exposure that created its row),
// one per dimension of its coarse class, for each element and arm it was assigned. Pure, like
// planRollups; the statement is segments-repo.ts.

type Exposure = Extract<CollectEvent, { type: 'exposure' }>;

const HOUR_MS = 3_600_000;

export interface SegmentCountRow {
  campaignId: number;
  hour: number;
  elementId: number;
  arm: number;
  dimension: SegmentDimension;
  value: string;
  visitors: number;
}

/**
 * Event id -> the user agent class of the batch that stored it: the first batch to send its id
 * (as its address, ingest-events.ts storeBatches).
 */
export function agentsOf(
  batches: readonly { unique: readonly { id: string }[]; agent?: AgentClass | undefined }[],
): Map<string, AgentClass> {
  const agents = new Map<string, AgentClass>();
  for (const { unique, agent } of batches) {
    for (const event of unique) if (agent && !agents.has(event.id)) agents.set(event.id, agent);
  }
  return agents;
}

export function planSegmentCounts({
  exposures,
  newVisitors,
  agentOf,
}: {
  /** The batch's new exposures. */
  exposures: readonly Exposure[];
  /** `${campaignId}:${visitorId}` -> the exposure that created the visitor row. */
  newVisitors: ReadonlyMap<string, Exposure>;
  /** Event id -> the class of the user agent that sent it (none: not counted). */
  agentOf: ReadonlyMap<string, AgentClass>;
}): SegmentCountRow[] {
  const rows = new Map<string, SegmentCountRow>();
  for (const event of exposures) {
    const agent = agentOf.get(event.id);
    if (!agent || newVisitors.get(visitorKey(event)) !== event) continue;
    const segment = visitorSegmentOf({
      agent,
      referrer: event.referrer,
      returning: event.returning,
      pageUrl: event.url,
    });
    const hour = Math.floor(event.ts / HOUR_MS) * HOUR_MS;
    for (const [elementId, arm] of Object.entries(armsOf(event.assignments))) {
      for (const dimension of SEGMENT_DIMENSIONS) {
        const value = segment[dimension];
        const id = `${event.campaignId}|${hour}|${elementId}|${arm}|${dimension}|${value}`;
        const row = rows.get(id) ?? {
          campaignId: event.campaignId,
          hour,
          elementId: Number(elementId),
          arm,
          dimension,
          value,
          visitors: 0,
        };
        row.visitors += 1;
        rows.set(id, row);
      }
    }
  }
  return [...rows.values()];
}
