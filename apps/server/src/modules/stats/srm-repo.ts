import type { SegmentDimension, StatsSegment } from '@kindling/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { NO_GOAL } from './arm-series';
import { inSegment, rollupTable } from './segment-filter';

// What the SRM test reads besides the arms' totals: the campaign's serving phases, the
// element's new visitors per hour (to weight the phases) and, for a flagged element, its new
// visitors per segment. Every query applies the team.

export interface PhaseRow {
  startedAt: number;
  /** Element id -> arm -> share. */
  shares: Record<string, Record<string, number>>;
}

export async function findServingPhases(
  db: Db,
  { teamId, campaignId }: { teamId: number; campaignId: number },
): Promise<PhaseRow[]> {
  const rows = await db
    .selectFrom('campaignServingPhases')
    .select(['startedAt', 'shares'])
    .where('teamId', '=', teamId)
    .where('campaignId', '=', campaignId)
    .orderBy('startedAt')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ startedAt: new Date(row.startedAt).getTime(), shares: row.shares }));
}

export interface VisitorHourRow {
  elementId: number;
  arm: number;
  hour: number;
  visitors: number;
}

/** New visitors per element, arm and rollup hour of `[start, end)`, the shards added up. */
export async function findVisitorHours(
  db: Db,
  {
    teamId,
    campaignId,
    start,
    end,
    segment,
  }: { teamId: number; campaignId: number; start: Date; end: Date; segment?: StatsSegment },
): Promise<VisitorHourRow[]> {
  const result = await sql<{
    elementId: number;
    arm: number;
    hour: Date | string;
    visitors: string;
  }>`
    select r.element_id as "elementId", r.arm, r.hour, sum(r.visitors) as visitors
    from ${rollupTable(segment)} r
    join campaigns c on c.id = r.campaign_id and c.team_id = ${teamId}
    where r.campaign_id = ${campaignId} and r.goal_id = ${NO_GOAL}
      and r.hour >= ${start} and r.hour < ${end} and r.visitors > 0
      and ${inSegment('r', segment)}
    group by r.element_id, r.arm, r.hour
  `.execute(db);
  return result.rows.map((row) => ({
    elementId: row.elementId,
    arm: row.arm,
    hour: new Date(row.hour).getTime(),
    visitors: Number(row.visitors),
  }));
}

export interface SegmentRow {
  elementId: number;
  arm: number;
  dimension: SegmentDimension;
  value: string;
  visitors: number;
}

/** New visitors per element, arm and segment over the hours of `[start, end)`. */
export async function findSegmentCounts(
  db: Db,
  {
    teamId,
    campaignId,
    elementIds,
    start,
    end,
  }: { teamId: number; campaignId: number; elementIds: number[]; start: Date; end: Date },
): Promise<SegmentRow[]> {
  if (elementIds.length === 0) return [];
  const result = await sql<Omit<SegmentRow, 'visitors'> & { visitors: string }>`
    select s.element_id as "elementId", s.arm, s.dimension, s.value, sum(s.visitors) as visitors
    from exposure_segments s
    join campaigns c on c.id = s.campaign_id and c.team_id = ${teamId}
    where s.campaign_id = ${campaignId} and s.element_id in (${sql.join(elementIds)})
      and s.hour >= ${start} and s.hour < ${end}
    group by s.element_id, s.arm, s.dimension, s.value
  `.execute(db);
  return result.rows.map((row) => ({ ...row, visitors: Number(row.visitors) }));
}
