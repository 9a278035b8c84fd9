import type { VariantCodeKind } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';

export interface CodeChangeRow {
  variantId: number | null;
  variantKey: string;
  kind: VariantCodeKind;
  before: string | null;
  after: string | null;
}

/** The stored variants of a campaign, with what their info says of CSS and code. */
export function findCampaignVariantInfo(tx: Tx, scope: { teamId: number; campaignId: number }) {
  return tx
    .selectFrom('variants')
    .innerJoin('campaignElements', 'campaignElements.id', 'variants.elementId')
    .select(['variants.id', 'variants.key', 'variants.info'])
    .where('variants.teamId', '=', scope.teamId)
    .where('campaignElements.campaignId', '=', scope.campaignId)
    .execute();
}

export async function insertCodeChanges(
  tx: Tx,
  scope: { teamId: number; campaignId: number; userId: number | null; userEmail: string | null },
  changes: readonly CodeChangeRow[],
): Promise<void> {
  await tx
    .insertInto('variantCodeChanges')
    .values(changes.map((change) => ({ ...scope, ...change })))
    .execute();
}

/** A campaign's changes, newest first. */
export function findCodeChanges(db: Db, scope: { teamId: number; campaignId: number }) {
  return db
    .selectFrom('variantCodeChanges')
    .select(['variantId', 'variantKey', 'kind', 'before', 'after', 'userEmail', 'changedAt'])
    .where('teamId', '=', scope.teamId)
    .where('campaignId', '=', scope.campaignId)
    .orderBy('changedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
