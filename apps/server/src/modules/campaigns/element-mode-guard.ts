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

/**
 * Adding variants to an element of a campaign whose elements change together: a later element
 * may not outgrow the first, whose arms the others follow.
 */
export async function assertLinkedRoomFor(
  tx: Db,
  input: { teamId: number; campaignId: number; elementId: number; adding: number },
): Promise<void> {
  const campaign = await tx
    .selectFrom('campaigns')
    .select('meta')
    .where('teamId', '=', input.teamId)
    .where('id', '=', input.campaignId)
    .executeTakeFirst();
  if (campaign?.meta.linkedElements !== true) return;
  const elements = await tx
    .selectFrom('campaignElements as e')
    .leftJoin('variants as v', 'v.elementId', 'e.id')
    .select(['e.id', 'e.selector', (eb) => eb.fn.count<string>('v.id').as('variants')])
    .where('e.teamId', '=', input.teamId)
    .where('e.campaignId', '=', input.campaignId)
    .groupBy(['e.id', 'e.selector', 'e.position'])
    .orderBy('e.position')
    .execute();
  const problem = linkedElementsProblem(
    elements.map((element) => ({
      selector: element.selector,
      variants: new Array<null>(
        Number(element.variants) + (element.id === input.elementId ? input.adding : 0),
      ),
    })),
  );
  if (problem) throw validationError(problem, { variants: problem });
}
