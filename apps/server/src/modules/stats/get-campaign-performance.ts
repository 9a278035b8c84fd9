import {
  campaignPerformance,
  finalRollupHoursBefore,
  PERFORMANCE_RECENT_DAYS,
  type Campaign,
  type CampaignPerformance,
  type Correction,
  type ElementVerdictFigures,
  type PerformanceArm,
  type PerformanceElement,
  type PerformanceFigures,
  type RecentElement,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { CONTROL_ARM, NO_GOAL } from './arm-series';
import { getLifetimeStats, verdictFigures, type LifetimeStatsDeps } from './campaign-verdicts';
import { conversionGoalId } from './funnel-goals';
import { statsIntervals, type Interval } from './intervals';
import { sumTeamRollups, type TeamRollupRow } from './performance-repo';
import { campaignShape, type PerformanceCache } from './performance-cache';
import { instantOf, wallTimeAt } from './zoned-time';

/** Every campaign of the team: the campaigns module's use-case. */
export type ListTeamCampaigns = (input: { teamId: number }) => Promise<Campaign[]>;

/** The PERFORMANCE_RECENT_DAYS calendar days of `timezone` up to and including today. */
export function recentDays(now: number, timezone: string): Interval[] {
  const today = wallTimeAt(now, timezone);
  const start = instantOf(
    { ...today, day: today.day - (PERFORMANCE_RECENT_DAYS - 1), hour: 0 },
    timezone,
  );
  const end = instantOf({ ...today, day: today.day + 1, hour: 0 }, timezone);
  // A day is 23 to 25 hours; statsIntervals draws the calendar the results page draws.
  return statsIntervals({ start, end, granularity: 'day', timezone }) ?? [];
}

const emptyArm = (): PerformanceArm => ({
  views: 0,
  visitors: 0,
  conversions: 0,
  convertedVisitors: 0,
});

function allTimeElements(campaign: Campaign, rows: readonly TeamRollupRow[]): PerformanceElement[] {
  const goalId = conversionGoalId(campaign);
  const arms = new Map<string, PerformanceArm>();
  for (const row of rows) {
    const key = `${row.elementId}:${row.arm}`;
    const arm = arms.get(key) ?? emptyArm();
    arms.set(key, arm);
    if (row.goalId === NO_GOAL) {
      arm.views += row.exposures;
      arm.visitors += row.visitors;
    } else if (row.goalId === goalId) {
      arm.conversions += row.goalSessions;
      arm.convertedVisitors += row.goalVisitors;
    }
  }
  const armOf = (elementId: number, arm: number) => arms.get(`${elementId}:${arm}`) ?? emptyArm();
  return campaign.elements.map((element) => ({
    elementId: element.id,
    control: armOf(element.id, CONTROL_ARM),
    variants: element.variants.map((variant) => ({
      variantId: variant.id,
      arm: armOf(element.id, variant.id),
    })),
  }));
}

function recentElements(campaign: Campaign, rows: readonly TeamRollupRow[]): RecentElement[] {
  const goalId = conversionGoalId(campaign);
  const arms = new Map<string, { views: number; daily: number[] }>();
  for (const row of rows) {
    const key = `${row.elementId}:${row.arm}`;
    const arm = arms.get(key) ?? {
      views: 0,
      daily: Array.from({ length: PERFORMANCE_RECENT_DAYS }, () => 0),
    };
    arms.set(key, arm);
    if (row.goalId === NO_GOAL) arm.views += row.exposures;
    else if (row.goalId === goalId) {
      arm.daily[row.day]! += row.goalSessions;
    }
  }
  return campaign.elements.map((element) => ({
    elementId: element.id,
    arms: [CONTROL_ARM, ...element.variants.map((variant) => variant.id)].flatMap((arm) => {
      const found = arms.get(`${element.id}:${arm}`);
      return found ? [found] : [];
    }),
  }));
}

function byCampaign(rows: readonly TeamRollupRow[]) {
  const grouped = new Map<number, TeamRollupRow[]>();
  for (const row of rows) {
    const list = grouped.get(row.campaignId);
    if (list) list.push(row);
    else grouped.set(row.campaignId, [row]);
  }
  return grouped;
}

/** Campaigns whose verdicts are worked out at once: the database pool is shared. */
const VERDICT_CONCURRENCY = 2;

/**
 * What a campaign's lifetime verdict depends on: its settings (the list's cache key, and its own
 * switch: a switch appends a served phase), the team's correction, and its rollup sums of all
 * time (counts of every goal, revenue), which move with any event it takes.
 */
const verdictKey = (campaign: Campaign, correction: Correction, rows: readonly TeamRollupRow[]) =>
  JSON.stringify([
    campaignShape(campaign),
    campaign.isEnabled,
    correction,
    [...rows]
      .map((row) => [
        row.elementId,
        row.arm,
        row.goalId,
        row.day,
        row.exposures,
        row.visitors,
        row.goalSessions,
        row.goalVisitors,
        row.revenue,
      ])
      .sort((a, b) => a.join().localeCompare(b.join())),
  ]);

/**
 * Every campaign's verdicts over its life: the stats endpoint's own answer (campaign-verdicts.ts),
 * a few campaigns at a time, asked again only for a campaign whose key moved.
 */
async function lifetimeVerdicts(
  { stats, kept }: { stats: LifetimeStatsDeps; kept: ReturnType<PerformanceCache['verdicts']> },
  {
    teamId,
    campaigns,
    keys,
  }: { teamId: number; campaigns: readonly Campaign[]; keys: ReadonlyMap<number, string> },
): Promise<Map<number, ElementVerdictFigures[]>> {
  const stale = campaigns.filter(
    (campaign) => kept.get(campaign.id)?.key !== keys.get(campaign.id),
  );
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < stale.length; i = next++) {
      const campaign = stale[i]!;
      const answer = await getLifetimeStats(stats, { teamId, campaign });
      kept.set(campaign.id, {
        key: keys.get(campaign.id)!,
        verdicts: verdictFigures(campaign, answer),
      });
    }
  };
  await Promise.all(Array.from({ length: VERDICT_CONCURRENCY }, worker));
  const listed = new Set(campaigns.map((campaign) => campaign.id));
  for (const id of kept.keys()) if (!listed.has(id)) kept.delete(id);
  return new Map(campaigns.map((campaign) => [campaign.id, kept.get(campaign.id)!.verdicts]));
}

/**
 * Every campaign's figures of the team from the rollups: the open days (holding hours that may
 * still change) read each time, the final hours before them from the cache's history.
 */
export async function loadPerformanceFigures(
  {
    db,
    cache,
    stats,
  }: { db: Db; cache: Pick<PerformanceCache, 'history' | 'verdicts'>; stats: LifetimeStatsDeps },
  {
    teamId,
    campaigns,
    days,
    now,
    correction,
  }: {
    teamId: number;
    campaigns: readonly Campaign[];
    days: Interval[];
    now: number;
    correction: Correction;
  },
): Promise<Map<number, PerformanceFigures>> {
  // Every goal: the conversion goal's counts are the figures; all of them key the verdicts.
  const goalIds = [...new Set(campaigns.flatMap((campaign) => campaign.goals.map((g) => g.id)))];
  // Days made only of final hours never change: they and all before them are kept.
  const open = days.find((day) => day.end > finalRollupHoursBefore(now))?.start ?? days.at(-1)!.end;
  const [final, recent] = await Promise.all([
    cache.history({ teamId, before: open, goalIds, dayStarts: days.map((day) => day.start) }, () =>
      sumTeamRollups(db, { teamId, goalIds, days, from: null, to: open }),
    ),
    sumTeamRollups(db, { teamId, goalIds, days, from: open, to: null }),
  ]);
  const rows = byCampaign([...final, ...recent]);
  const keys = new Map(
    campaigns.map((campaign) => [
      campaign.id,
      verdictKey(campaign, correction, rows.get(campaign.id) ?? []),
    ]),
  );
  const verdicts = await lifetimeVerdicts(
    { stats: { ...stats, now: () => now }, kept: cache.verdicts(teamId) },
    { teamId, campaigns, keys },
  );
  return new Map(
    campaigns.map((campaign) => [
      campaign.id,
      campaignPerformance({
        allTime: allTimeElements(campaign, rows.get(campaign.id) ?? []),
        recent: recentElements(
          campaign,
          (rows.get(campaign.id) ?? []).filter(
            (row) => row.day >= 0 && row.day < PERFORMANCE_RECENT_DAYS,
          ),
        ),
        verdicts: verdicts.get(campaign.id) ?? [],
      }),
    ]),
  );
}

/**
 * `GET /campaign/performance/campaigns`: the list's figures for every campaign of the team
 * (docs/api.md). Names and switches are read fresh; the figures may be up to the cache's
 * time to live old (performance-cache.ts).
 */
export async function getCampaignPerformance(
  {
    db,
    listCampaigns,
    getStatsCorrection,
    finalIntervals,
    cache,
    now = Date.now,
  }: {
    db: Db;
    listCampaigns: ListTeamCampaigns;
    /** The team's multiple-comparison correction (a team setting). */
    getStatsCorrection: (teamId: number) => Promise<Correction>;
    /** The stats endpoint's cache of final intervals, for the verdicts. */
    finalIntervals: LifetimeStatsDeps['finalIntervals'];
    cache: PerformanceCache;
    now?: () => number;
  },
  { team, timezone }: { team: TeamAccess; timezone: string },
): Promise<CampaignPerformance[]> {
  const [campaigns, correction] = await Promise.all([
    listCampaigns({ teamId: team.id }),
    getStatsCorrection(team.id),
  ]);
  const at = now();
  const days = recentDays(at, timezone);
  const figures = await cache.get({ teamId: team.id, timezone, days, campaigns, correction }, () =>
    loadPerformanceFigures(
      { db, cache, stats: { db, getStatsCorrection, finalIntervals } },
      { teamId: team.id, campaigns, days, now: at, correction },
    ),
  );
  return campaigns.map((campaign) => ({
    id: campaign.id,
    name: campaign.name,
    isEnabled: campaign.isEnabled,
    ...figures.get(campaign.id)!,
  }));
}
