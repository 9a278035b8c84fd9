import type { VitalsMetric, VitalsSettings } from '@kindling/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

// Web Vitals settings and rollups (migration 0032). Every query applies the team through the
// campaign's own row.

interface SettingsRow {
  campaignId: number;
  sampling: string;
  guardrails: VitalsMetric[];
}

const samplingOf = (stored: string): VitalsSettings['sampling'] =>
  stored === 'auto' || stored === 'off' ? stored : Number(stored);

/** The team's campaigns among `campaignIds`, each with its stored settings (null: none stored). */
export async function findVitalsSettings(
  db: Db,
  { teamId, campaignIds }: { teamId: number; campaignIds: readonly number[] },
): Promise<Map<number, VitalsSettings | null>> {
  if (campaignIds.length === 0) return new Map();
  const { rows } = await sql<SettingsRow & { stored: boolean }>`
    select c.id as "campaignId", s.sampling, s.guardrails, s.campaign_id is not null as stored
    from campaigns c left join campaign_vitals_settings s on s.campaign_id = c.id
    where c.team_id = ${teamId} and c.id in (${sql.join(campaignIds)})
  `.execute(db);
  return new Map(
    rows.map((row) => [
      row.campaignId,
      row.stored ? { sampling: samplingOf(row.sampling), guardrails: row.guardrails } : null,
    ]),
  );
}

/** Stores the campaign's settings; false when the campaign is not the team's. */
export async function saveVitalsSettings(
  db: Db,
  {
    teamId,
    campaignId,
    settings,
  }: { teamId: number; campaignId: number; settings: VitalsSettings },
): Promise<boolean> {
  const { rows } = await sql<{ campaignId: number }>`
    insert into campaign_vitals_settings (campaign_id, sampling, guardrails)
    select id, ${String(settings.sampling)}, ${JSON.stringify(settings.guardrails)}::jsonb
    from campaigns where id = ${campaignId} and team_id = ${teamId}
    on conflict (campaign_id) do update
      set sampling = excluded.sampling, guardrails = excluded.guardrails, updated_at = now()
    returning campaign_id as "campaignId"
  `.execute(db);
  return rows.length > 0;
}

/**
 * Per campaign, the visitors first exposed since `since` (the rollups' new visitors, the
 * element with the most of them, so a visitor is counted once): cheap, from the hourly rollups.
 */
export async function findRecentVisitors(
  db: Db,
  { teamId, campaignIds, since }: { teamId: number; campaignIds: readonly number[]; since: Date },
): Promise<Map<number, number>> {
  if (campaignIds.length === 0) return new Map();
  const { rows } = await sql<{ campaignId: number; visitors: string }>`
    select campaign_id as "campaignId", max(visitors)::text as visitors from (
      select r.campaign_id, r.element_id, sum(r.visitors) as visitors
      from rollups_hourly r join campaigns c on c.id = r.campaign_id
      where c.team_id = ${teamId} and r.campaign_id in (${sql.join(campaignIds)})
        and r.goal_id = 0 and r.hour >= ${since.toISOString()}::timestamptz
      group by r.campaign_id, r.element_id
    ) per_element group by campaign_id
  `.execute(db);
  return new Map(rows.map((row) => [row.campaignId, Number(row.visitors)]));
}

export interface VitalsRollup {
  elementId: number;
  /** 0: the original; else the variant's id. */
  arm: number;
  metric: 'all' | VitalsMetric;
  bucket: number;
  reports: number;
}

/** The campaign's vitals counts per element, arm, metric and bucket. */
export async function findVitalsRollups(
  db: Db,
  { teamId, campaignId }: { teamId: number; campaignId: number },
): Promise<VitalsRollup[]> {
  const { rows } = await sql<Omit<VitalsRollup, 'reports'> & { reports: string }>`
    select v.element_id as "elementId", v.arm, v.metric, v.bucket, v.reports::text as reports
    from vitals_rollups v join campaigns c on c.id = v.campaign_id
    where c.team_id = ${teamId} and v.campaign_id = ${campaignId}
  `.execute(db);
  return rows.map((row) => ({ ...row, reports: Number(row.reports) }));
}
