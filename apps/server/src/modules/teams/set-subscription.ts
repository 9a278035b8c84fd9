import type { Subscription } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import { updateTeamSubscription } from './repo';

/** Stores the team's billing subscription (spec section 3), as the payment provider reports it. */
export async function setSubscription(
  { db }: { db: Db | Tx },
  { teamId, subscription }: { teamId: number; subscription: Subscription },
): Promise<void> {
  await updateTeamSubscription(db, teamId, subscription);
}
