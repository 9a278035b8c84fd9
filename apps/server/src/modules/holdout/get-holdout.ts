import { programmeImpact, type ProgrammeImpact } from '@kindling/domain';
import type { Db } from '../../db/database';
import { findHoldoutPercent, findProgrammeGroups, type ProgrammeGroups } from './repo';

export interface HoldoutReport extends ProgrammeGroups {
  percent: number;
  impact: ProgrammeImpact;
}

/**
 * The team's global holdout and what its campaigns together did: everyone else's conversion
 * against the holdout's, since the share was last set (docs/api.md "Global holdout").
 */
export async function getHoldout(
  { db }: { db: Db },
  { teamId }: { teamId: number },
): Promise<HoldoutReport> {
  const percent = await findHoldoutPercent(db, teamId);
  const groups = await findProgrammeGroups(db, teamId);
  return { percent, ...groups, impact: programmeImpact(groups, percent) };
}
