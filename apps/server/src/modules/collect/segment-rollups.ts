import {
  OPEN_SEGMENT_DIMENSIONS,
  type CollectEvent,
  type OpenSegmentDimension,
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

// The segment rollups (migrations 0035 and 0043): the batch's hourly counts again, split by the
// class of each event's visitor, the class of its first exposure. Each class's events are
// planned by planRollups itself, so a segment's counts follow the same rules as the whole
// campaign's, and the segments of a key add up to its rollup (visitors without a class aside).
// rollups_segments splits by the closed classes together (browser, device, new or returning);
// rollups_dimensions by each open dimension alone (referrer, UTM tags, country), so every
// visitor counts once per open dimension.

/** What a segment rollup row has besides its class. */
export type ClassRollupRow = RollupKey &
  Omit<RollupRow, keyof RollupKey | 'applied' | 'missed' | 'appliedMsHistogram'>;

/** The closed classes of rollups_segments. */
export type SegmentClass = Pick<VisitorClass, 'browser' | 'device' | 'visitorType'>;
/** One open dimension's value, of rollups_dimensions. */
export interface DimensionClass {
  dimension: OpenSegmentDimension;
  value: string;
}

export type SegmentRollupRow = ClassRollupRow & SegmentClass;
export type DimensionRollupRow = ClassRollupRow & DimensionClass;

export type SegmentRollupInput = RollupInput & {
  /** Every visitor the batch's events belong to, with its class (visitorClass). */
  visitors: ReadonlyMap<string, VisitorFacts>;
  totalsChanges: readonly VisitorTotalsChange[];
  totals: readonly VisitorTotals[];
};

/**
 * The batch's rollups per visitor class: planned once for each class met (closed and open
 * values together: the classes split the visitors), so every event is planned once whatever the
 * number of tables it counts in.
 */
function planClassRollups(input: SegmentRollupInput): (ClassRollupRow & { of: VisitorClass })[] {
  const groups = new Map<
    string,
    { of: VisitorClass; events: CollectEvent[]; changes: VisitorTotalsChange[] }
  >();
  const groupOf = (visitor: { campaignId: number; visitorId: string }) => {
    const of = input.visitors.get(visitorKey(visitor))?.visitorClass;
    if (!of) return null;
    const key = JSON.stringify(of);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { of, events: [], changes: [] }));
    return group;
  };
  for (const event of input.events) groupOf(event)?.events.push(event);
  for (const change of input.totalsChanges) groupOf(change)?.changes.push(change);
  const rows: (ClassRollupRow & { of: VisitorClass })[] = [];
  for (const { of, events, changes } of groups.values()) {
    const planned = planRollups({
      ...input,
      events,
      metricSquares: metricSquaresOf(changes, input.totals),
    });
    for (const { applied: _a, missed: _m, appliedMsHistogram: _h, ...row } of planned) {
      rows.push({ ...row, of });
    }
  }
  return rows;
}

const COUNTERS = [
  'exposures',
  'visitors',
  'sessions',
  'goalSessions',
  'goalVisitors',
  'conversions',
  'revenue',
  'valueSquares',
  'valueSessions',
  'sessionSquares',
] as const satisfies readonly (keyof ClassRollupRow)[];

/**
 * The class rows summed by the classes a table keeps (each row's `groupsOf`), in a fixed order,
 * so concurrent batches lock shared rows in the same order (no deadlocks). Counts add up: the
 * classes a row set is summed from hold disjoint visitors.
 */
function summedBy<C>(
  rows: readonly (ClassRollupRow & { of: VisitorClass })[],
  groupsOf: (of: VisitorClass) => readonly { key: string; of: C }[],
): (ClassRollupRow & C)[] {
  const sums = new Map<string, ClassRollupRow & C & { key: string }>();
  for (const { of: visitorClass, ...row } of rows) {
    for (const { key, of } of groupsOf(visitorClass)) {
      const id = `${row.campaignId}|${row.hour}|${row.elementId}|${row.arm}|${row.goalId}|${key}`;
      const sum = sums.get(id);
      if (!sum) sums.set(id, { ...row, ...of, key });
      else for (const counter of COUNTERS) sum[counter] += row[counter];
    }
  }
  const order = (row: ClassRollupRow) =>
    [row.campaignId, row.hour, row.elementId, row.arm, row.goalId] as const;
  return [...sums.values()]
    .sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
      return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    })
    .map(({ key: _key, ...row }) => row as ClassRollupRow & C);
}

const closedGroups = ({ browser, device, visitorType }: VisitorClass) => [
  { key: `${browser}|${device}|${visitorType}`, of: { browser, device, visitorType } },
];
/** A visitor stored before the open values were kept counts in no open segment. */
const openGroups = ({ open }: VisitorClass) =>
  open
    ? OPEN_SEGMENT_DIMENSIONS.map((dimension) => ({
        key: `${dimension}|${open[dimension]}`,
        of: { dimension, value: open[dimension] },
      }))
    : [];

/** The rows of rollups_segments and of rollups_dimensions for the batch. */
export function planClassTables(input: SegmentRollupInput): {
  segments: SegmentRollupRow[];
  dimensions: DimensionRollupRow[];
} {
  const rows = planClassRollups(input);
  return { segments: summedBy(rows, closedGroups), dimensions: summedBy(rows, openGroups) };
}

export const planSegmentRollups = (input: SegmentRollupInput) => planClassTables(input).segments;
export const planDimensionRollups = (input: SegmentRollupInput) =>
  planClassTables(input).dimensions;
