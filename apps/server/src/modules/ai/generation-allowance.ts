import { aiGenerationRefusal, monthStartMs } from '@kindling/domain';
import type { Db } from '../../db/database';
import { lockTeamFor } from '../../db/team-lock';
import type { Tx } from '../../db/transaction';
import type { AppServices } from '../../http/types';
import { getEntitlements } from '../billing/get-entitlements';
import { refusalError } from '../billing/refusal-error';
import {
  countGenerationsSince,
  deleteGeneration,
  insertGeneration,
  type GenerationKind,
} from './generations-repo';

/** The team's AI generation requests this UTC calendar month (text and image together). */
export async function countMonthGenerations(
  { db }: { db: Db },
  { teamId, nowMs }: { teamId: number; nowMs: number },
): Promise<number> {
  return countGenerationsSince(db, { teamId, since: new Date(monthStartMs(nowMs)) });
}

/**
 * Records one generation request if the team's plan allows one more this month, else refuses
 * (402) with the plan's message and records nothing. Call it in the transaction that starts the
 * work, so the count and the record are one step for the team. Resolves with the record's id.
 */
export async function reserveGeneration(
  { tx, config }: { tx: Tx; config: AppServices['config'] },
  { teamId, kind, nowMs }: { teamId: number; kind: GenerationKind; nowMs: number },
): Promise<string> {
  const entitlements = await getEntitlements({ db: tx, config }, { teamId, nowMs });
  await lockTeamFor(tx, { purpose: 'aiGenerations', teamId });
  const since = new Date(monthStartMs(nowMs));
  const refusal = aiGenerationRefusal(
    entitlements,
    await countGenerationsSince(tx, { teamId, since }),
  );
  if (refusal) throw refusalError(refusal);
  return insertGeneration(tx, { teamId, kind, at: new Date(nowMs) });
}

/** Gives a reserved generation back (the provider failed: nothing was generated). */
export const releaseGeneration = (
  { db }: { db: Db },
  { teamId, id }: { teamId: number; id: string },
) => deleteGeneration(db, { teamId, id });
