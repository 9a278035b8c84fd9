import type {
  Campaign,
  Correction,
  ElementVerdictFigures,
  PerformanceFigures,
} from '@kindling/domain';
import { LRUCache } from 'lru-cache';
import { conversionGoalId } from './funnel-goals';
import type { Interval } from './intervals';
import type { TeamRollupRow } from './performance-repo';

/**
 * How long a team's list figures are served before they are read again. The list is opened
 * often (it is the home screen) and its figures add up every campaign's whole history, while
 * a visit takes seconds to show up there anyway: a short time to live, no invalidation from the
 * collector (docs/decisions.md, "Campaign performance overview").
 */
export const PERFORMANCE_CACHE_TTL_MS = 20_000;
/** Teams kept at most; the oldest entry goes first. */
export const PERFORMANCE_CACHE_TEAMS = 1000;

export interface PerformanceKey {
  teamId: number;
  timezone: string;
  days: readonly Interval[];
  campaigns: readonly Campaign[];
  /** The team's correction: the verdicts are tested with it. */
  correction: Correction;
}

type Figures = Map<number, PerformanceFigures>;

/** The team's rollups of every hour before `before` (ms), of these goals, by these recent days. */
export interface HistoryKey {
  teamId: number;
  before: number;
  goalIds: readonly number[];
  /**
   * Each recent day's start (ms), the rows' `day` buckets. All of them, not the first: two zones
   * can agree on the first and last day and still part in between (a DST change).
   */
  dayStarts: readonly number[];
}

export interface PerformanceCache {
  get(key: PerformanceKey, load: () => Promise<Figures>): Promise<Figures>;
  /**
   * The sums of final hours (finalRollupHoursBefore: no event that old is taken any more) up to
   * the first open day: kept until another day becomes final or the goals read change, about
   * once a day per team. Not expired by time.
   */
  history(key: HistoryKey, load: () => Promise<TeamRollupRow[]>): Promise<TeamRollupRow[]>;
  /**
   * The team's campaigns' lifetime verdicts, each with the key it was worked out for (its
   * settings and its rollup sums, get-campaign-performance.ts): kept until the key moves, so a
   * refresh asks the stats endpoint only for campaigns whose data or settings changed.
   */
  verdicts(teamId: number): Map<number, { key: string; verdicts: ElementVerdictFigures[] }>;
}

/** A campaign's fields that never move its figures or verdicts (read fresh, or display only). */
const FIGURE_FREE_FIELDS = new Set([
  'name',
  'description',
  'isEnabled',
  'meta',
  'thumbnail',
  'metrics',
  'benchmark',
  'autoGenerationStatus',
  'autoStop',
  'autoStoppedAt',
  'updatedAt',
]);

/**
 * What the figures depend on besides the rollups: the zone and its days, the team's correction
 * and every campaign as a whole but for FIGURE_FREE_FIELDS: its elements, arms and their
 * switches (paused arms), goals and their roles, method, MDE, type, traffic allocation, and
 * whatever the verdicts learn to read next. Any of those changed reads the figures again at
 * once; a rename or the campaign's own switch changes nothing here (names and switches are read
 * fresh on every call).
 */
/** A campaign's fields that may move its figures or verdicts. */
export const campaignShape = (campaign: Campaign) =>
  Object.entries(campaign).filter(([field]) => !FIGURE_FREE_FIELDS.has(field));

const shapeOf = ({ timezone, days, campaigns, correction }: PerformanceKey) =>
  JSON.stringify([
    timezone,
    days[0]?.start ?? null,
    correction,
    campaigns.map(conversionGoalId),
    campaigns.map(campaignShape),
  ]);

/**
 * Figures: one entry per team for `ttlMs`; history: one per team until its key changes. Calls
 * during a read share it; a failed read is not kept.
 */
export function createPerformanceCache({
  ttlMs = PERFORMANCE_CACHE_TTL_MS,
  maxTeams = PERFORMANCE_CACHE_TEAMS,
  now = Date.now,
}: { ttlMs?: number; maxTeams?: number; now?: () => number } = {}): PerformanceCache {
  const kept = new Map<number, { shape: string; until: number; figures: Promise<Figures> }>();
  const histories = new LRUCache<number, { key: string; rows: Promise<TeamRollupRow[]> }>({
    max: maxTeams,
  });
  const verdicts = new LRUCache<
    number,
    Map<number, { key: string; verdicts: ElementVerdictFigures[] }>
  >({ max: maxTeams });
  return {
    verdicts(teamId) {
      let kept = verdicts.get(teamId);
      if (!kept) verdicts.set(teamId, (kept = new Map()));
      return kept;
    },
    history({ teamId, before, goalIds, dayStarts }, load) {
      const key = `${dayStarts.join(',')}:${before}:${[...goalIds].sort((a, b) => a - b).join(',')}`;
      const entry = histories.get(teamId);
      if (entry?.key === key) return entry.rows;
      const rows = load();
      histories.set(teamId, { key, rows });
      void rows.catch(() => {
        if (histories.get(teamId)?.rows === rows) histories.delete(teamId);
      });
      return rows;
    },
    get(key, load) {
      const at = now();
      const shape = shapeOf(key);
      const entry = kept.get(key.teamId);
      if (entry && entry.shape === shape && entry.until > at) return entry.figures;
      const figures = load();
      kept.delete(key.teamId);
      kept.set(key.teamId, { shape, until: at + ttlMs, figures });
      // Insertion order is age order: the first key is the oldest entry.
      if (kept.size > maxTeams) kept.delete(kept.keys().next().value!);
      void figures.catch(() => {
        if (kept.get(key.teamId)?.figures === figures) kept.delete(key.teamId);
      });
      return figures;
    },
  };
}
