import type { ForwardingInput } from '@kindling/domain';
import type { Db } from '../../db/database';
import { getForwarding } from './get-forwarding';
import { setForwardingLabelsRow } from './repo';

/**
 * Turns forwarding on (by ids or names) or off, owners only. The team's tracker config changes
 * with it: the team route's write marks its served files changed.
 */
export async function setForwarding(
  { db }: { db: Db },
  { teamId, labels }: { teamId: number } & ForwardingInput,
) {
  await setForwardingLabelsRow(db, teamId, labels);
  return getForwarding({ db }, { teamId });
}
