import {
  visitorClassOf,
  visitorSegmentOf,
  type AgentClass,
  type CollectEvent,
  type VisitorClass,
} from '@kindling/domain';
import {
  planRollups,
  visitorKey,
  type RollupInput,
  type RollupKey,
  type RollupRow,
  type VisitorFacts,
} from './rollup-plan';
import { metricSquaresOf, type VisitorTotals, type VisitorTotalsChange } from './visitor-totals';

// The segment rollups (migration 0035): the batch's hourly counts again, split by the class of
// each event's visitor, the class of its first exposure. Each class's events are planned by
// planRollups itself, so a segment's counts follow the same rules as the whole campaign's, and
// the segments of a key add up to its rollup (visitors without a class aside).

type Exposure = Extract<CollectEvent, { type: 'exposure' }>;

/** The class of a first exposure sent by `agent`; null without a user agent (no segment). */
export function exposureClassOf(event: Exposure, agent: AgentClass | undefined) {
  if (!agent) return null;
  return visitorClassOf(
    visitorSegmentOf({
      agent,
      referrer: event.referrer,
      returning: event.returning,
      pageUrl: event.url,
    }),
  );
}

export type SegmentRollupRow = RollupKey &
  VisitorClass &
  Omit<RollupRow, keyof RollupKey | 'applied' | 'missed' | 'appliedMsHistogram'>;

const classKey = (of: VisitorClass) => `${of.browser}|${of.device}|${of.visitorType}`;

export function planSegmentRollups(
  input: RollupInput & {
    /** Every visitor the batch's events belong to, with its class (visitorClass). */
    visitors: ReadonlyMap<string, VisitorFacts>;
    totalsChanges: readonly VisitorTotalsChange[];
    totals: readonly VisitorTotals[];
  },
): SegmentRollupRow[] {
  const groups = new Map<
    string,
    { of: VisitorClass; events: CollectEvent[]; changes: VisitorTotalsChange[] }
  >();
  const groupOf = (visitor: { campaignId: number; visitorId: string }) => {
    const of = input.visitors.get(visitorKey(visitor))?.visitorClass;
    if (!of) return null;
    const key = classKey(of);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { of, events: [], changes: [] }));
    return group;
  };
  for (const event of input.events) groupOf(event)?.events.push(event);
  for (const change of input.totalsChanges) groupOf(change)?.changes.push(change);
  const rows: SegmentRollupRow[] = [];
  for (const { of, events, changes } of groups.values()) {
    const planned = planRollups({
      ...input,
      events,
      metricSquares: metricSquaresOf(changes, input.totals),
    });
    for (const { applied: _a, missed: _m, appliedMsHistogram: _h, ...row } of planned) {
      rows.push({ ...row, ...of });
    }
  }
  // A fixed order, so concurrent batches lock shared rows in the same order (no deadlocks).
  const order = (row: SegmentRollupRow) =>
    [row.campaignId, row.hour, row.elementId, row.arm, row.goalId] as const;
  return rows.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return classKey(a) < classKey(b) ? -1 : classKey(a) > classKey(b) ? 1 : 0;
  });
}
