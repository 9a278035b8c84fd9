import type { ArmCounts } from '@kindling/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Statements } from '../../db/statement-transaction';
import type { ProgrammeConversion, ProgrammeVisitor } from './programme-events';

// The global holdout (migration 0037): the team's share, and its visitors per group.

export async function findHoldoutPercent(db: Db, teamId: number): Promise<number> {
  const row = await db
    .selectFrom('teams')
    .select('holdoutPercent')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  return row.holdoutPercent;
}

/**
 * Sets the share. A new share above 0 starts a new comparison, so the visitors counted under the
 * old one go in the same transaction (a visitor's group was drawn at the old share). Turning the
 * holdout off keeps them: counting stops, and the overview keeps the comparison as it ended.
 */
export async function setHoldoutPercentRow(db: Db, teamId: number, percent: number) {
  await db.transaction().execute(async (tx) => {
    const { holdoutPercent } = await tx
      .selectFrom('teams')
      .select('holdoutPercent')
      .where('id', '=', teamId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (holdoutPercent === percent) return;
    await tx
      .updateTable('teams')
      .set({ holdoutPercent: percent })
      .where('id', '=', teamId)
      .execute();
    if (percent > 0) {
      await sql`delete from programme_visitors where team_id = ${teamId}`.execute(tx);
    }
  });
}

export interface ProgrammeGroups {
  holdout: ArmCounts;
  exposed: ArmCounts;
  /** The first visitor's first page view; null before any. */
  since: string | null;
}

export async function findProgrammeGroups(db: Db, teamId: number): Promise<ProgrammeGroups> {
  const { rows } = await sql<{
    holdout: boolean;
    visitors: string;
    conversions: string;
    since: Date | string;
  }>`
    select holdout, count(*) as visitors, count(converted_at) as conversions,
      min(first_seen) as since
    from programme_visitors where team_id = ${teamId} group by holdout
  `.execute(db);
  const group = (holdout: boolean): ArmCounts => {
    const row = rows.find((candidate) => candidate.holdout === holdout);
    return { visitors: Number(row?.visitors ?? 0), conversions: Number(row?.conversions ?? 0) };
  };
  const firsts = rows.map((row) => new Date(row.since).getTime());
  return {
    holdout: group(true),
    exposed: group(false),
    since: firsts.length ? new Date(Math.min(...firsts)).toISOString() : null,
  };
}

/** One statement: counts visitors not counted before, in the group of their first exposure. */
export async function addProgrammeVisitors(
  statements: Statements,
  visitors: readonly ProgrammeVisitor[],
): Promise<void> {
  if (visitors.length === 0) return;
  await statements.rows(sql`
    insert into programme_visitors (team_id, visitor_id, holdout, first_seen)
    select distinct on ("teamId", "visitorId") "teamId", "visitorId", holdout, ts
    from jsonb_to_recordset(${JSON.stringify(visitors)}::jsonb)
      as x("teamId" integer, "visitorId" text, holdout boolean, ts timestamptz)
    order by "teamId", "visitorId", ts
    on conflict (team_id, visitor_id) do nothing
  `);
}

/**
 * One statement: the first conversion of each counted visitor, when it comes within the
 * conversion window of their first page view. Sent again, it changes nothing.
 */
export async function addProgrammeConversions(
  statements: Statements,
  conversions: readonly ProgrammeConversion[],
  windowMs: number,
): Promise<void> {
  if (conversions.length === 0) return;
  await statements.rows(sql`
    update programme_visitors p set converted_at = c.ts
    from (
      select "teamId", "visitorId", min(ts) as ts
      from jsonb_to_recordset(${JSON.stringify(conversions)}::jsonb)
        as x("teamId" integer, "visitorId" text, ts timestamptz)
      group by "teamId", "visitorId"
    ) c
    where p.team_id = c."teamId" and p.visitor_id = c."visitorId" and p.converted_at is null
      and c.ts >= p.first_seen
      and c.ts <= p.first_seen + ${windowMs} * interval '1 millisecond'
  `);
}
