import {
  explainSrm,
  type StatsSegment,
  phaseWeightedShares,
  type SegmentCounts,
  type ServedPhase,
  type SrmExplanation,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { CONTROL_ARM } from './arm-series';
import { findSegmentCounts, findServingPhases, findVisitorHours, type PhaseRow } from './srm-repo';

// The SRM test's two additions (docs/statistics.md, "Sample ratio mismatch"): the split each
// element expects, from what was served over the range, and, once a mismatch is flagged, the
// segment that explains it.

interface Scope {
  teamId: number;
  campaignId: number;
  range: { start: Date; end: Date };
  /** The segment the answer is filtered to: its visitors weight the phases. */
  segment?: StatsSegment | undefined;
}

/** An element's arms as the test takes them, control (0) first. */
interface ElementArms {
  id: number;
  variantIds: readonly number[];
}

const armsOf = (element: ElementArms) => [CONTROL_ARM, ...element.variantIds];

function phasesOf(rows: readonly PhaseRow[], elementId: number): ServedPhase[] {
  return rows.map((row) => ({
    start: row.startedAt,
    shares: Object.fromEntries(
      Object.entries(row.shares[String(elementId)] ?? {}).map(([arm, share]) => [
        Number(arm),
        share,
      ]),
    ),
  }));
}

/** The phases' shares over the arms, normalised; the distinct ones only. */
function distinctShares(phases: readonly ServedPhase[], arms: readonly number[]) {
  const seen = new Set<string>();
  for (const phase of phases) {
    const shares = arms.map((arm) => phase.shares[arm] ?? 0);
    const total = shares.reduce((sum, share) => sum + share, 0);
    if (total > 0) seen.add(JSON.stringify(shares.map((share) => share / total)));
  }
  return seen;
}

/**
 * Element id -> the split its SRM test expects over the range, weighted by its new visitors in
 * each serving phase (`phaseWeightedShares`); elements without phases are left out (an even
 * split). The hourly visitors are read only when some element's served split changed.
 */
export async function expectedSharesByElement(
  { db }: { db: Db },
  { elements, ...scope }: Scope & { elements: readonly ElementArms[] },
): Promise<Map<number, number[]>> {
  const answer = new Map<number, number[]>();
  const rows = await findServingPhases(db, scope);
  if (rows.length === 0) return answer;
  const changing = elements.filter(
    (element) => distinctShares(phasesOf(rows, element.id), armsOf(element)).size > 1,
  );
  const hours = changing.length ? await findVisitorHours(db, { ...scope, ...scope.range }) : [];
  for (const element of elements) {
    const arms = armsOf(element);
    const counted = new Set(arms);
    const perHour = new Map<number, number>();
    for (const row of hours) {
      if (row.elementId !== element.id || !counted.has(row.arm)) continue;
      perHour.set(row.hour, (perHour.get(row.hour) ?? 0) + row.visitors);
    }
    const shares = phaseWeightedShares({
      arms,
      phases: phasesOf(rows, element.id),
      hours: [...perHour].map(([start, visitors]) => ({ start, visitors })),
    });
    if (shares) answer.set(element.id, shares);
  }
  return answer;
}

/** An element whose SRM is flagged, with the split its test expected (0: an arm not tested). */
export interface FlaggedElement extends ElementArms {
  expectedShares: readonly number[];
}

/** Element id -> the explanation of its mismatch (null: no segment counts in the range). */
export async function explainMismatches(
  { db }: { db: Db },
  { elements, ...scope }: Scope & { elements: readonly FlaggedElement[] },
): Promise<Map<number, SrmExplanation | null>> {
  const answer = new Map<number, SrmExplanation | null>();
  if (elements.length === 0) return answer;
  const rows = await findSegmentCounts(db, {
    ...scope,
    ...scope.range,
    elementIds: elements.map((element) => element.id),
  });
  for (const element of elements) {
    const arms = armsOf(element);
    const segments = new Map<string, SegmentCounts>();
    for (const row of rows) {
      const a = arms.indexOf(row.arm);
      if (row.elementId !== element.id || a < 0) continue;
      const key = `${row.dimension}:${row.value}`;
      const segment = segments.get(key) ?? {
        dimension: row.dimension,
        value: row.value,
        visitors: arms.map(() => 0),
      };
      segments.set(key, {
        ...segment,
        visitors: segment.visitors.map((n, i) => (i === a ? n + row.visitors : n)),
      });
    }
    answer.set(
      element.id,
      explainSrm({
        labels: arms.map((_arm, a) => (a === 0 ? 'the original' : `Variant ${a}`)),
        expectedShares: element.expectedShares,
        segments: [...segments.values()],
      }),
    );
  }
  return answer;
}

/** What the answer holds of an element, as far as its explanation goes. */
interface AnsweredElement {
  srm: { flagged: boolean } | null;
  variants: Record<string, { paused: boolean }>;
  srmExplanation: SrmExplanation | null;
}

/**
 * Fills `srmExplanation` of each element whose SRM the answer flagged, against the split its
 * test expected: the served phases' (or even) shares, 0 for a variant paused throughout.
 */
export async function addSrmExplanations(
  { db }: { db: Db },
  {
    elements,
    served,
    answer,
    ...scope
  }: Scope & {
    elements: readonly ElementArms[];
    served: ReadonlyMap<number, readonly number[]>;
    answer: Record<string, AnsweredElement>;
  },
): Promise<void> {
  const flagged = elements.flatMap((element) => {
    const answered = answer[String(element.id)];
    if (!answered?.srm?.flagged) return [];
    const shares = served.get(element.id) ?? armsOf(element).map(() => 1);
    const expectedShares = shares.map((share, a) =>
      a > 0 && answered.variants[String(element.variantIds[a - 1])]?.paused ? 0 : share,
    );
    return [{ ...element, expectedShares }];
  });
  const explanations = await explainMismatches({ db }, { ...scope, elements: flagged });
  for (const [elementId, explanation] of explanations) {
    answer[String(elementId)]!.srmExplanation = explanation;
  }
}
