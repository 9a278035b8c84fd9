import { ELEMENT_MODE_MESSAGES, linkedElementsProblem, type CampaignInput } from '@kindling/domain';
import type { Db } from '../../db/database';
import { validationError } from '../../errors';
import { campaignHasVisitors } from './repo';

type Linkable = Pick<CampaignInput, 'meta' | 'elements'>;

/** Elements changed together must be servable as whole pages (element-mode.ts). */
export function assertElementsMayChangeTogether(campaign: Linkable): void {
  if (campaign.meta?.linkedElements !== true) return;
  const problem = linkedElementsProblem(campaign.elements);
  if (problem) throw validationError(problem, { elements: problem });
}

/** Once a campaign has visitors, its arms stay the ones they saw. */
export async function assertElementModeKept(
  tx: Db,
  { teamId, id, campaign }: { teamId: number; id: number; campaign: Linkable },
): Promise<void> {
  const row = await tx
    .selectFrom('campaigns')
    .select('meta')
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst();
  const linked = (meta: Record<string, unknown> | undefined) => meta?.linkedElements === true;
  if (!row || linked(row.meta) === linked(campaign.meta ?? {})) return;
  if (await campaignHasVisitors(tx, teamId, id)) {
    throw validationError(ELEMENT_MODE_MESSAGES.locked, {
      elementMode: ELEMENT_MODE_MESSAGES.locked,
    });
  }
}
