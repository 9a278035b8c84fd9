import { sql } from 'kysely';
import type { Tx } from './transaction';

/** What a team lock guards; each is its own lock, so one never waits for another. */
export const TEAM_LOCKS = {
  /** Counting the campaigns switched on before switching one more on. */
  runningCampaigns: 1,
  /** Counting the month's AI generations before recording one more. */
  aiGenerations: 2,
} as const;

/**
 * Holds `purpose`'s lock for `teamId` until the transaction ends, so two requests that count
 * then write (a plan allowance) cannot both pass on the same count. A PostgreSQL advisory lock:
 * it locks no row, and PGlite has it too.
 */
export async function lockTeamFor(
  tx: Tx,
  { purpose, teamId }: { purpose: keyof typeof TEAM_LOCKS; teamId: number },
): Promise<void> {
  await sql`select pg_advisory_xact_lock(${TEAM_LOCKS[purpose]}::int, ${teamId}::int)`.execute(tx);
}
