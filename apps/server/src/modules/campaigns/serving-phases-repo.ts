import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';

/** Element id -> arm (0 the control) -> share, as campaign_serving_phases keeps it. */
export type PhaseShares = Record<string, Record<string, number>>;

/** Whether the campaign is on, and each of its elements' variants with their switch. */
export async function findServedState(db: Db | Tx, teamId: number, campaignId: number) {
  const campaign = await db
    .selectFrom('campaigns')
    .select('isEnabled')
    .where('teamId', '=', teamId)
    .where('id', '=', campaignId)
    .executeTakeFirst();
  if (!campaign) return undefined;
  const rows = await db
    .selectFrom('campaignElements')
    .leftJoin('variants', 'variants.elementId', 'campaignElements.id')
    .select(['campaignElements.id as elementId', 'variants.id as variantId', 'variants.isEnabled'])
    .where('campaignElements.teamId', '=', teamId)
    .where('campaignElements.campaignId', '=', campaignId)
    .orderBy('campaignElements.id')
    .orderBy('variants.id')
    .execute();
  return { isEnabled: campaign.isEnabled, rows };
}

/** The campaign a variant belongs to, when it is the team's. */
export async function findVariantCampaign(db: Db | Tx, teamId: number, variantId: number) {
  const row = await db
    .selectFrom('variants')
    .innerJoin('campaignElements', 'campaignElements.id', 'variants.elementId')
    .select('campaignElements.campaignId')
    .where('variants.teamId', '=', teamId)
    .where('variants.id', '=', variantId)
    .executeTakeFirst();
  return row?.campaignId;
}

/**
 * Appends a phase from `at` (the transaction's start by default) unless the campaign's last
 * phase serves the same shares (jsonb equality: key order does not matter).
 */
export async function appendServingPhase(
  db: Db | Tx,
  {
    teamId,
    campaignId,
    shares,
    at,
  }: { teamId: number; campaignId: number; shares: PhaseShares; at?: Date },
): Promise<void> {
  const value = JSON.stringify(shares);
  await sql`
    insert into campaign_serving_phases (team_id, campaign_id, started_at, shares)
    select ${teamId}, ${campaignId}, ${at ?? sql`now()`}, ${value}::jsonb
    where ${value}::jsonb is distinct from (
      select shares from campaign_serving_phases
      where team_id = ${teamId} and campaign_id = ${campaignId}
      order by started_at desc, id desc limit 1
    )
  `.execute(db);
}
