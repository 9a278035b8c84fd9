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

/** The groups a visitor of class `of` counts in: each with its key (its sort order) and class. */
type GroupsOf<C> = (of: VisitorClass) => readonly { key: string; of: C }[];

function planClassRollups<C>(
  input: SegmentRollupInput,
  groupsOf: GroupsOf<C>,
): (ClassRollupRow & C)[] {
  const groups = new Map<
    string,
    { of: C; key: string; events: CollectEvent[]; changes: VisitorTotalsChange[] }
  >();
  const groupsOfVisitor = (visitor: { campaignId: number; visitorId: string }) => {
    const of = input.visitors.get(visitorKey(visitor))?.visitorClass;
    if (!of) return [];
    return groupsOf(of).map(({ key, of: cls }) => {
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { of: cls, key, events: [], changes: [] }));
      return group;
    });
  };
  for (const event of input.events) {
    for (const group of groupsOfVisitor(event)) group.events.push(event);
  }
  for (const change of input.totalsChanges) {
    for (const group of groupsOfVisitor(change)) group.changes.push(change);
  }
  const rows: (ClassRollupRow & C & { key: string })[] = [];
  for (const { of, key, events, changes } of groups.values()) {
    const planned = planRollups({
      ...input,
      events,
      metricSquares: metricSquaresOf(changes, input.totals),
    });
    for (const { applied: _a, missed: _m, appliedMsHistogram: _h, ...row } of planned) {
      rows.push({ ...row, ...of, key });
    }
  }
  // A fixed order, so concurrent batches lock shared rows in the same order (no deadlocks).
  const order = (row: ClassRollupRow) =>
    [row.campaignId, row.hour, row.elementId, row.arm, row.goalId] as const;
  rows.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  });
  return rows.map(({ key: _key, ...row }) => row as ClassRollupRow & C);
}

export const planSegmentRollups = (input: SegmentRollupInput): SegmentRollupRow[] =>
  planClassRollups(input, ({ browser, device, visitorType }) => [
    { key: `${browser}|${device}|${visitorType}`, of: { browser, device, visitorType } },
  ]);

export const planDimensionRollups = (input: SegmentRollupInput): DimensionRollupRow[] =>
  planClassRollups(input, ({ open }) =>
    OPEN_SEGMENT_DIMENSIONS.map((dimension) => ({
      key: `${dimension}|${open[dimension]}`,
      of: { dimension, value: open[dimension] },
    })),
  );
