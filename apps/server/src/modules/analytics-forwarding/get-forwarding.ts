import type { ForwardingLabels } from '@kindling/domain';
import type { Db } from '../../db/database';
import { findForwardingLabels } from './repo';

/** Whether the team's tracker forwards exposures, and labelled how (null: off). */
export async function getForwarding(
  { db }: { db: Db },
  { teamId }: { teamId: number },
): Promise<{ labels: ForwardingLabels | null }> {
  return { labels: await findForwardingLabels(db, teamId) };
}
