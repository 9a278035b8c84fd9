import type { AuditQuery } from '@kindling/domain';
import type { Db } from '../../db/database';

export type StoredAuditRow = Awaited<ReturnType<typeof readAuditPage>>[number];

/** A team's audit rows matching the filters, newest first, after the `before` entry. */
export function readAuditPage(
  db: Db,
  { teamId, query, limit }: { teamId: number; query: AuditQuery; limit: number },
) {
  const [actorType, actorId] = query.actor?.split(':') ?? [];
  let select = db
    .selectFrom('auditLog')
    .selectAll()
    .where('teamId', '=', teamId)
    .orderBy('id', 'desc')
    .limit(limit);
  if (query.entity) select = select.where('entity', '=', query.entity);
  if (actorType) select = select.where('actorType', '=', actorType as 'system');
  if (actorId) select = select.where('actorId', '=', Number(actorId));
  if (query.campaignId) select = select.where('campaignId', '=', query.campaignId);
  if (query.from) select = select.where('at', '>=', new Date(query.from));
  if (query.to) select = select.where('at', '<', new Date(query.to));
  if (query.before) select = select.where('id', '<', query.before);
  return select.execute();
}

/** Deletes a batch of rows, every team's, written before `before`; answers how many. */
export async function dangerousDeleteAuditRowsBefore(
  db: Db,
  { before, limit }: { before: Date; limit: number },
): Promise<number> {
  const deleted = await db
    .deleteFrom('auditLog')
    .where('id', 'in', (eb) =>
      eb.selectFrom('auditLog').select('id').where('at', '<', before).orderBy('at').limit(limit),
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
