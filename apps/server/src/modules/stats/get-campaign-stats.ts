import {
  resultsModeOf,
  segmentVerdict,
  statsSegmentAnswer,
  type Campaign,
  type CampaignMetrics,
  type ArmCounts,
  type CampaignStats,
  type Correction,
  type MetricDefinition,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound, validationError } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { armSeries, type CountedGoal } from './arm-series';
import { elementFunnel, goalVisitorsByArm } from './element-funnel';
import { daysExposed } from './element-sample-size';
import { addSrmExplanations, expectedSharesByElement } from './element-srm';
import { elementStats, type ElementMetric } from './element-stats';
import { extraMetricsOf } from './metric-summaries';
import { campaignStatsSettings, goalConversions } from './element-verdict';
import { conversionGoalId, funnelGoalIds } from './funnel-goals';
import { statsIntervals, type Interval } from './intervals';
import {
  campaignAt,
  campaignModes,
  leadElement,
  onlyArmsOf,
  periodArms,
  timeSeriesOf,
  type ElementShape,
  type Modes,
  type PeriodArms,
} from './present-stats';
import type { FinalIntervalCache } from './final-interval-cache';
import { getTrafficConcentration } from './get-traffic-concentration';
import { readIntervalRows } from './read-interval-rows';
import { getCampaignVitals } from '../web-vitals/get-campaign-vitals';
import { MAX_INTERVALS, STATS_MESSAGES, type StatsQuery, type StatsRange } from './stats-query';

/** The team's campaigns by id (none when not the team's): the campaigns module's use-case. */
export type GetCampaigns = (input: { teamId: number; ids: number[] }) => Promise<Campaign[]>;

const iso = (date: Date | number) => new Date(date).toISOString();

function countedGoal(campaign: Campaign, goalId: number | undefined): CountedGoal | null {
  if (goalId !== undefined) {
    if (!campaign.goals.some((goal) => goal.id === goalId)) {
      throw validationError(STATS_MESSAGES.goalNotFound, { goalId: STATS_MESSAGES.goalNotFound });
    }
    return { goalId, chosen: true };
  }
  const id = conversionGoalId(campaign);
  return id === null ? null : { goalId: id, chosen: false };
}

export interface StatsDeps {
  db: Db;
  getCampaigns: GetCampaigns;
  /** The team's multiple-comparison correction (a team setting). */
  getStatsCorrection: (teamId: number) => Promise<Correction>;
  /** Rows of intervals made of final hours, read once per process. */
  finalIntervals: FinalIntervalCache;
  now?: () => number;
}

interface PeriodInput {
  db: Db;
  finalIntervals: FinalIntervalCache;
  now: number;
  teamId: number;
  campaign: Campaign;
  elements: ElementShape[];
  query: StatsQuery;
  range: StatsRange;
  counted: CountedGoal | null;
  /** Goals whose rows are read besides the counted goal's. */
  moreGoalIds: readonly number[];
}

async function loadPeriod(input: PeriodInput) {
  const { teamId, campaign, elements, query, range, counted } = input;
  const intervals = statsIntervals({
    start: range.start.getTime(),
    end: range.end.getTime(),
    granularity: query.granularity,
    timezone: query.timezone,
    limit: MAX_INTERVALS,
  });
  if (!intervals) throw validationError(STATS_MESSAGES.tooManyIntervals);
  const rows = await readIntervalRows(
    { db: input.db, cache: input.finalIntervals, now: input.now },
    {
      teamId,
      campaignId: campaign.id,
      ...range,
      intervals,
      goalIds: [...new Set([...(counted ? [counted.goalId] : []), ...input.moreGoalIds])],
      segment: query.segment,
    },
  );
  const series = armSeries(rows, intervals, counted);
  return { intervals, rows, arms: periodArms(elements, { intervals, series }) };
}

/** The campaign's metrics of a period, each against `benchmark` (the other period) if given. */
function campaignSeries(
  intervals: Interval[],
  arms: PeriodArms,
  lead: number | null,
  benchmark: { arms: PeriodArms; intervals: Interval[] } | null,
) {
  const own = campaignModes(arms, lead, intervals.length);
  const other = benchmark && campaignModes(benchmark.arms, lead, benchmark.intervals.length);
  const total = campaignAt(arms, own.total, other?.total ?? null, (arm) => arm.total);
  const overall: Modes<CampaignMetrics> = { discrete: total, cumulative: total };
  const timeSeries = timeSeriesOf(intervals, (i) => ({
    discrete: campaignAt(
      arms,
      own.series.discrete[i]!,
      other?.series.discrete[i] ?? null,
      (arm) => arm.series.discrete[i]!,
    ),
    cumulative: campaignAt(
      arms,
      own.series.cumulative[i]!,
      other?.series.cumulative[i] ?? null,
      (arm) => arm.series.cumulative[i]!,
    ),
  }));
  return { overall, timeSeries };
}

/** A goal as a metric: the counted goal is primary, goals with a role are the others. */
function goalMetric(
  goal: Campaign['goals'][number],
  role: MetricDefinition['role'],
): MetricDefinition {
  return {
    id: String(goal.id),
    name: goal.event.name,
    role,
    lowerIsBetter: goal.lowerIsBetter,
    kind: 'conversion',
  };
}

/** The campaign's metrics: the counted goal as primary, the goals with a role besides it. */
export function metricsOf(campaign: Campaign, counted: CountedGoal | null) {
  const countedGoal = campaign.goals.find((goal) => goal.id === counted?.goalId);
  const primary = countedGoal ? goalMetric(countedGoal, 'primary') : null;
  const others = campaign.goals.flatMap((goal) =>
    goal.metricRole && goal.id !== counted?.goalId ? [goalMetric(goal, goal.metricRole)] : [],
  );
  return { primary, others };
}

const presentIntervals = (intervals: Interval[]) =>
  intervals.map((interval) => ({ start: iso(interval.start), end: iso(interval.end) }));

/** Campaign statistics of spec section 3 from the hourly rollups (docs/api.md). */
export async function getCampaignStats(
  { db, getCampaigns, getStatsCorrection, finalIntervals, now = Date.now }: StatsDeps,
  { team, query }: { team: Pick<TeamAccess, 'id'>; query: StatsQuery },
): Promise<CampaignStats> {
  const [campaign] = await getCampaigns({ teamId: team.id, ids: [query.id] });
  if (!campaign) throw notFound(STATS_MESSAGES.campaignNotFound);
  const counted = countedGoal(campaign, query.goalId);
  const elements = campaign.elements.map((element) => ({
    id: element.id,
    variantIds: element.variants.map((variant) => variant.id),
    variantEnabled: element.variants.map((variant) => variant.isEnabled),
  }));
  const { segment } = query;
  const srmScope = { teamId: team.id, campaignId: campaign.id, range: query.range, segment };
  const served = await expectedSharesByElement({ db }, { ...srmScope, elements });
  const settings = campaignStatsSettings(campaign, await getStatsCorrection(team.id));
  const metrics = metricsOf(campaign, counted);
  const nowMs = now();
  const input = {
    db,
    finalIntervals,
    now: nowMs,
    teamId: team.id,
    campaign,
    elements,
    query,
    counted,
  };
  const funnel = funnelGoalIds(campaign);
  const metricGoalIds = metrics.others.map((metric) => Number(metric.id));
  const main = await loadPeriod({
    ...input,
    range: query.range,
    moreGoalIds: [...funnel, ...metricGoalIds],
  });
  const extra = await extraMetricsOf({
    db,
    teamId: team.id,
    campaign,
    elements,
    rows: main.rows,
    range: query.range,
    segment,
  });
  const elementOf = (elementId: number) => elements.find((element) => element.id === elementId)!;
  const extraMetrics: ElementMetric[] = [
    ...metrics.others.map((definition) => ({
      definition,
      summaries: (elementId: number, counts: readonly ArmCounts[]) =>
        goalConversions(
          counts,
          goalVisitorsByArm({
            rows: main.rows,
            element: elementOf(elementId),
            goalId: Number(definition.id),
          }),
        ),
    })),
    ...extra,
  ];
  const compare = query.compareRange
    ? await loadPeriod({ ...input, range: query.compareRange, moreGoalIds: [] })
    : null;
  const traffic = await getTrafficConcentration(
    { db },
    { teamId: team.id, campaignId: campaign.id },
  );
  const vitals = await getCampaignVitals(
    { db },
    { teamId: team.id, campaignId: campaign.id, elements },
  );
  const exposedUntil = Math.min(query.range.end.getTime(), nowMs);
  const elementMode = resultsModeOf(campaign);
  // Elements changed together: the headline figures are the whole-page arms (the first's).
  const lead =
    elementMode === 'together' ? campaign.elements[0]!.id : leadElement(elements, main.arms);
  const headline = (arms: PeriodArms) =>
    elementMode === 'together' ? onlyArmsOf(arms, lead) : arms;
  const campaignStats = campaignSeries(
    main.intervals,
    headline(main.arms),
    lead,
    compare && { ...compare, arms: headline(compare.arms) },
  );
  const stats: CampaignStats = {
    id: campaign.id,
    range: { start: iso(query.range.start), end: iso(query.range.end) },
    timezone: query.timezone,
    granularity: query.granularity,
    intervals: presentIntervals(main.intervals),
    ...campaignStats,
    elements: elementStats({
      elements,
      intervals: main.intervals,
      arms: main.arms,
      compareArms: compare?.arms ?? null,
      funnels: new Map(
        elements.map((element) => [
          element.id,
          elementFunnel({ element, goalIds: funnel, rows: main.rows }),
        ]),
      ),
      daysElapsed: (elementId) => daysExposed({ rows: main.rows, elementId, end: exposedUntil }),
      bandit: campaign.type === 'multi_armed_bandit',
      settings,
      primary: metrics.primary,
      extraMetrics,
      expectedShares: served,
      vitals,
    }),
    elementMode,
    metrics: [
      ...(metrics.primary ? [metrics.primary] : []),
      ...metrics.others,
      ...extra.map(({ definition }) => definition),
    ],
    goals: campaign.goals.map((goal) => ({
      id: goal.id,
      isConversionGoal: goal.id === conversionGoalId(campaign),
      counted: goal.id === counted?.goalId,
    })),
    benchmark: compare && {
      range: { start: iso(query.compareRange!.start), end: iso(query.compareRange!.end) },
      intervals: presentIntervals(compare.intervals),
      ...campaignSeries(compare.intervals, headline(compare.arms), lead, null),
    },
    traffic,
    segment: segment ? statsSegmentAnswer(segment) : null,
  };
  if (segment) {
    // A segment's verdict is a lead (segmentVerdict); a mismatch is explained over everyone.
    for (const element of Object.values(stats.elements)) {
      element.verdict = segmentVerdict(element.verdict);
    }
    return stats;
  }
  await addSrmExplanations({ db }, { ...srmScope, elements, served, answer: stats.elements });
  return stats;
}
