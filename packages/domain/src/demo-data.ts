import { CONVERSION_WINDOW_MS, DEMO_DATA_END_DATE } from './constants';
import { FLICKER_BUCKET_COUNT, flickerBucketOf } from './flicker';
import { mulberry32, type Prng } from './stats/prng';
import type { RollupCounts, RollupSquares } from './stats/counts';

// Demo statistics (spec section 9, "Demo data end date: 1999-12-31"): simulated visitors of a
// landing page, counted into hourly rollups by the same rules the collector counts real events
// with. Every hour lies on or before the end date, so demo numbers can never fall into a range
// that holds real traffic, and the same seed always gives the same numbers.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Days of demo traffic, the last one being DEMO_DATA_END_DATE. */
export const DEMO_DATA_DAYS = 30;
/** The seed of the demo campaign every team gets: the same numbers for everyone. */
export const DEMO_SEED = 19_991_231;
/** The last instant demo data may carry: the end of DEMO_DATA_END_DATE (UTC). */
export const DEMO_DATA_END_MS = Date.parse(`${DEMO_DATA_END_DATE}T23:59:59.999Z`);
/** Midnight (UTC) starting the first demo day. */
export const DEMO_DATA_START_MS =
  Date.parse(`${DEMO_DATA_END_DATE}T00:00:00Z`) - (DEMO_DATA_DAYS - 1) * DAY_MS;

/**
 * The simulated experiment: per element, how each arm (the control first) multiplies the chance
 * of a click on the call to action. The headline's third arm clearly wins; the button's variant
 * helps a little, too little to call in a month.
 */
export const DEMO_EXPERIMENT = {
  elements: [{ armLifts: [1, 1.06, 1.55] }, { armLifts: [1, 1.12] }],
  /** Goals in funnel order: a click on the call to action, then the sign-up page (conversion). */
  funnelLength: 2,
  visitorsPerDay: 330,
  /** Chance that a control session clicks the call to action. */
  clickRate: 0.1,
  /** Chance that a session which clicked reaches the sign-up page. */
  signUpRate: 0.5,
  /** Chance that a sign-up pays, and the prices paid. */
  purchaseRate: 0.45,
  prices: [29, 99],
} as const;

export interface DemoRollup extends RollupCounts, RollupSquares {
  /** Start of the UTC hour (ms). */
  hour: number;
  /** Index into DEMO_EXPERIMENT.elements. */
  element: number;
  /** 0 for the control, i for the element's i-th variant. */
  arm: number;
  /** Index into the funnel; null for the counts that belong to no goal. */
  goal: number | null;
  appliedMsHistogram: number[];
}

type Counts = RollupCounts & RollupSquares;

/** Relative traffic per UTC hour of the day: quiet at night, busy in the afternoon. */
const HOURLY_TRAFFIC = [
  1, 1, 1, 1, 1, 2, 3, 5, 7, 8, 9, 9, 9, 10, 10, 9, 8, 7, 6, 6, 5, 4, 3, 2,
] as const;
const HOURLY_TOTAL = HOURLY_TRAFFIC.reduce((sum, weight) => sum + weight, 0);

function pickHour(random: Prng): number {
  let left = random() * HOURLY_TOTAL;
  for (let hour = 0; hour < HOURLY_TRAFFIC.length; hour++) {
    left -= HOURLY_TRAFFIC[hour]!;
    if (left < 0) return hour;
  }
  return HOURLY_TRAFFIC.length - 1;
}

class Rollups {
  private rows = new Map<string, DemoRollup>();

  add(key: Pick<DemoRollup, 'hour' | 'element' | 'arm' | 'goal'>, change: Partial<Counts>) {
    const id = `${key.hour}|${key.element}|${key.arm}|${key.goal}`;
    let row = this.rows.get(id);
    if (!row) {
      row = {
        ...key,
        exposures: 0,
        visitors: 0,
        sessions: 0,
        goalSessions: 0,
        goalVisitors: 0,
        conversions: 0,
        revenue: 0,
        applied: 0,
        missed: 0,
        valueSquares: 0,
        valueSessions: 0,
        sessionSquares: 0,
        appliedMsHistogram: new Array<number>(FLICKER_BUCKET_COUNT).fill(0),
      };
      this.rows.set(id, row);
    }
    for (const [name, amount] of Object.entries(change) as [keyof Counts, number][]) {
      row[name] += amount;
    }
    return row;
  }

  sorted(): DemoRollup[] {
    return [...this.rows.values()].sort(
      (a, b) =>
        a.hour - b.hour ||
        a.element - b.element ||
        a.arm - b.arm ||
        (a.goal ?? -1) - (b.goal ?? -1),
    );
  }
}

interface Visitor {
  arms: number[];
  firstExposureAt: number;
  reachedGoals: Set<number>;
  /** Totals since the first exposure, for the mean and ratio metrics' squares. */
  revenue: number;
  sessions: number;
  goalSessions: number[];
}

/** A visitor's squares, in its first exposure's hour (as migration 0026 backfills them). */
function addSquares(rollups: Rollups, visitor: Visitor) {
  const hour = Math.floor(visitor.firstExposureAt / HOUR_MS) * HOUR_MS;
  const s = visitor.sessions;
  visitor.arms.forEach((arm, element) => {
    const x = visitor.revenue;
    rollups.add(
      { hour, element, arm, goal: null },
      { valueSquares: x * x, valueSessions: x * s, sessionSquares: s * s },
    );
    visitor.goalSessions.forEach((g, goal) => {
      if (g > 0)
        rollups.add({ hour, element, arm, goal }, { valueSquares: g * g, valueSessions: g * s });
    });
  });
}

/** One session of a visitor: its page views, then how far down the funnel it gets. */
function simulateSession(
  { random, rollups }: { random: Prng; rollups: Rollups },
  { visitor, at, first }: { visitor: Visitor; at: number; first: boolean },
) {
  const hourOf = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
  const views = random() < 0.3 ? 2 : 1;
  visitor.sessions += 1;
  for (let view = 0; view < views; view++) {
    const hour = hourOf(at + view * 60_000);
    visitor.arms.forEach((arm, element) => {
      const row = rollups.add(
        { hour, element, arm, goal: null },
        { exposures: 1, visitors: first && view === 0 ? 1 : 0, sessions: view === 0 ? 1 : 0 },
      );
      if (arm === 0) return;
      // A variant is applied before paint, rarely too late to find its element.
      if (random() < 0.004) {
        row.missed += 1;
      } else {
        row.applied += 1;
        row.appliedMsHistogram[flickerBucketOf(8 + Math.floor(random() * random() * 240))]! += 1;
      }
    });
  }
  const lift = visitor.arms.reduce(
    (product, arm, element) => product * DEMO_EXPERIMENT.elements[element]!.armLifts[arm]!,
    1,
  );
  const chances = [DEMO_EXPERIMENT.clickRate * lift, DEMO_EXPERIMENT.signUpRate];
  let reachedAt = at;
  for (let goal = 0; goal < DEMO_EXPERIMENT.funnelLength; goal++) {
    if (random() >= chances[goal]!) return;
    reachedAt += (1 + Math.floor(random() * 5)) * 60_000;
    if (reachedAt > DEMO_DATA_END_MS) return;
    const firstForVisitor = !visitor.reachedGoals.has(goal);
    visitor.reachedGoals.add(goal);
    visitor.goalSessions[goal] = (visitor.goalSessions[goal] ?? 0) + 1;
    const converts =
      goal === DEMO_EXPERIMENT.funnelLength - 1 &&
      reachedAt - visitor.firstExposureAt <= CONVERSION_WINDOW_MS;
    const paid = converts && random() < DEMO_EXPERIMENT.purchaseRate;
    const price = DEMO_EXPERIMENT.prices[Math.floor(random() * DEMO_EXPERIMENT.prices.length)]!;
    if (paid) visitor.revenue += price;
    visitor.arms.forEach((arm, element) => {
      const hour = hourOf(reachedAt);
      rollups.add(
        { hour, element, arm, goal },
        { goalSessions: 1, goalVisitors: firstForVisitor ? 1 : 0, conversions: converts ? 1 : 0 },
      );
      if (paid) rollups.add({ hour, element, arm, goal: null }, { revenue: price });
    });
  }
}

/**
 * The demo campaign's hourly rollups, DEMO_DATA_DAYS days up to DEMO_DATA_END_DATE: a pure
 * function of the seed. Each simulated visitor gets an arm per element, comes back for more
 * sessions now and then, and moves down the funnel with chances its arms lift.
 */
export function generateDemoRollups(seed: number = DEMO_SEED): DemoRollup[] {
  const random = mulberry32(seed);
  const rollups = new Rollups();
  for (let day = 0; day < DEMO_DATA_DAYS; day++) {
    const dayStart = DEMO_DATA_START_MS + day * DAY_MS;
    const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
    // A slow rise over the month, quieter weekends, some noise.
    const expected =
      DEMO_EXPERIMENT.visitorsPerDay * (0.85 + (0.3 * day) / DEMO_DATA_DAYS) * (weekend ? 0.7 : 1);
    const count = Math.round(expected * (0.9 + 0.2 * random()));
    for (let n = 0; n < count; n++) {
      const at = dayStart + pickHour(random) * HOUR_MS + Math.floor(random() * HOUR_MS * 0.9);
      const visitor: Visitor = {
        arms: DEMO_EXPERIMENT.elements.map(({ armLifts }) =>
          Math.floor(random() * armLifts.length),
        ),
        firstExposureAt: at,
        reachedGoals: new Set(),
        revenue: 0,
        sessions: 0,
        goalSessions: [],
      };
      simulateSession({ random, rollups }, { visitor, at, first: true });
      // Some come back within a few days, while the month lasts.
      let next = at;
      while (random() < 0.22) {
        next += Math.floor((0.5 + random() * 3) * DAY_MS);
        if (next > DEMO_DATA_END_MS - HOUR_MS) break;
        simulateSession({ random, rollups }, { visitor, at: next, first: false });
      }
      addSquares(rollups, visitor);
    }
  }
  return rollups.sorted();
}
