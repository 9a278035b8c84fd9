import {
  SEGMENT_DIMENSIONS,
  SEGMENT_UNKNOWN,
  type CollectEvent,
  type SegmentDimension,
  type VisitorClass,
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

export function planSegmentCounts({
  exposures,
  newVisitors,
  classOf,
}: {
  /** The batch's new exposures. */
  exposures: readonly Exposure[];
  /** `${campaignId}:${visitorId}` -> the exposure that created the visitor row. */
  newVisitors: ReadonlyMap<string, Exposure>;
  /** The class a visitor opened by this exposure keeps (null: not counted). */
  classOf: (opener: Exposure) => VisitorClass | null;
}): SegmentCountRow[] {
  const rows = new Map<string, SegmentCountRow>();
  for (const event of exposures) {
    if (newVisitors.get(visitorKey(event)) !== event) continue;
    const of = classOf(event);
    if (!of) continue;
    const segment: Record<SegmentDimension, string> = {
      browser: of.browser,
      device: of.device,
      platform: `${of.browser}/${of.device}`,
      visitor: of.visitorType,
      referrer: of.open?.referrer ?? SEGMENT_UNKNOWN,
    };
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
