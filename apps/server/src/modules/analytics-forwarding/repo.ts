import type { ForwardingLabels } from '@kindling/domain';
import type { Db } from '../../db/database';

// Analytics forwarding (migration 0039): the team's choice, null when off.

export async function findForwardingLabels(
  db: Db,
  teamId: number,
): Promise<ForwardingLabels | null> {
  const row = await db
    .selectFrom('teams')
    .select('analyticsForwarding')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  return row.analyticsForwarding;
}

export async function setForwardingLabelsRow(
  db: Db,
  teamId: number,
  labels: ForwardingLabels | null,
): Promise<void> {
  await db
    .updateTable('teams')
    .set({ analyticsForwarding: labels })
    .where('id', '=', teamId)
    .execute();
}
