import type { Audience, PageRules } from '@kindling/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';

// Campaign page rules (migration 0033). Every query applies the team through the campaign's
// own row.

interface RulesRow {
  campaignId: number;
  ingestedUrl: string;
  include: PageRules['include'] | null;
  exclude: PageRules['exclude'] | null;
}

/** The team's campaigns among `campaignIds`, each with its page and stored rules (or null). */
export async function findPageRules(
  db: Db | Tx,
  { teamId, campaignIds }: { teamId?: number; campaignIds: readonly number[] },
): Promise<Map<number, { editedOn: string; rules: PageRules | null }>> {
  if (campaignIds.length === 0) return new Map();
  const { rows } = await sql<RulesRow>`
    select c.id as "campaignId", c.ingested_url as "ingestedUrl", r.include, r.exclude
    from campaigns c left join campaign_page_rules r on r.campaign_id = c.id
    where c.id in (${sql.join(campaignIds)})
      ${teamId === undefined ? sql`` : sql`and c.team_id = ${teamId}`}
  `.execute(db);
  return new Map(
    rows.map((row) => [
      row.campaignId,
      {
        editedOn: row.ingestedUrl,
        rules: row.include ? { include: row.include, exclude: row.exclude ?? [] } : null,
      },
    ]),
  );
}

async function campaignOfTeam(db: Db | Tx, teamId: number, campaignId: number) {
  const { rows } = await sql<{ id: number }>`
    select id from campaigns where id = ${campaignId} and team_id = ${teamId}
  `.execute(db);
  return rows.length > 0;
}

/** Stores (or with null, removes) the campaign's rules; false when it is not the team's. */
export async function savePageRules(
  db: Db | Tx,
  { teamId, campaignId, rules }: { teamId: number; campaignId: number; rules: PageRules | null },
): Promise<boolean> {
  if (rules === null) {
    await sql`
      delete from campaign_page_rules where campaign_id in (
        select id from campaigns where id = ${campaignId} and team_id = ${teamId}
      )
    `.execute(db);
    return campaignOfTeam(db, teamId, campaignId);
  }
  const { rows } = await sql<{ campaignId: number }>`
    insert into campaign_page_rules (campaign_id, include, exclude)
    select id, ${JSON.stringify(rules.include)}::jsonb, ${JSON.stringify(rules.exclude)}::jsonb
    from campaigns where id = ${campaignId} and team_id = ${teamId}
    on conflict (campaign_id) do update
      set include = excluded.include, exclude = excluded.exclude, updated_at = now()
    returning campaign_id as "campaignId"
  `.execute(db);
  return rows.length > 0;
}

/** The team's campaigns among `campaignIds`, each with its stored audience (or null). */
export async function findAudiences(
  db: Db | Tx,
  { teamId, campaignIds }: { teamId?: number; campaignIds: readonly number[] },
): Promise<Map<number, Audience | null>> {
  if (campaignIds.length === 0) return new Map();
  const { rows } = await sql<{ campaignId: number; audience: Audience | null }>`
    select c.id as "campaignId", a.audience
    from campaigns c left join campaign_audiences a on a.campaign_id = c.id
    where c.id in (${sql.join(campaignIds)})
      ${teamId === undefined ? sql`` : sql`and c.team_id = ${teamId}`}
  `.execute(db);
  return new Map(rows.map((row) => [row.campaignId, row.audience]));
}

/** Stores (or with null, removes) the campaign's audience; false when it is not the team's. */
export async function saveAudience(
  db: Db | Tx,
  {
    teamId,
    campaignId,
    audience,
  }: { teamId: number; campaignId: number; audience: Audience | null },
): Promise<boolean> {
  if (audience === null) {
    await sql`
      delete from campaign_audiences where campaign_id in (
        select id from campaigns where id = ${campaignId} and team_id = ${teamId}
      )
    `.execute(db);
    return campaignOfTeam(db, teamId, campaignId);
  }
  const { rows } = await sql<{ campaignId: number }>`
    insert into campaign_audiences (campaign_id, audience)
    select id, ${JSON.stringify(audience)}::jsonb
    from campaigns where id = ${campaignId} and team_id = ${teamId}
    on conflict (campaign_id) do update set audience = excluded.audience, updated_at = now()
    returning campaign_id as "campaignId"
  `.execute(db);
  return rows.length > 0;
}
