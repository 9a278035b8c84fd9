import { CAMPAIGN_END_MESSAGES } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import { AppError } from '../../errors';
import { findCampaignEnded, findVariantCampaignEnded } from './end-repo';

// An ended test keeps its results read-only: no save, switch-on, variant or metric change.
// Unknown ids pass: the use-case answers its own 404.

export async function assertCampaignOpen(db: Db | Tx, teamId: number, campaignId: number) {
  if (await findCampaignEnded(db, teamId, campaignId)) {
    throw new AppError('CONFLICT', CAMPAIGN_END_MESSAGES.ended);
  }
}

export async function assertVariantCampaignOpen(db: Db | Tx, teamId: number, variantId: number) {
  if (await findVariantCampaignEnded(db, teamId, variantId)) {
    throw new AppError('CONFLICT', CAMPAIGN_END_MESSAGES.ended);
  }
}
