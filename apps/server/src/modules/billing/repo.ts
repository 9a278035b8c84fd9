import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';

export function findTeamBilling(db: Db | Tx, teamId: number) {
  return db.selectFrom('teamBilling').selectAll().where('teamId', '=', teamId).executeTakeFirst();
}

/** Keeps the first customer stored for the team (two checkouts at once both create one). */
export async function insertCustomer(
  db: Db | Tx,
  { teamId, customerId }: { teamId: number; customerId: string },
) {
  await db
    .insertInto('teamBilling')
    .values({ teamId, stripeCustomerId: customerId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * Webhooks name a Stripe customer, not a team: the one lookup that starts without a team id.
 * Named "dangerous" as the conventions ask of cross-team reads; the customer id came from a
 * signed event.
 */
export function dangerouslyFindTeamBillingByCustomer(tx: Tx, customerId: string) {
  return tx
    .selectFrom('teamBilling')
    .selectAll()
    .where('stripeCustomerId', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
}

export function teamExists(tx: Tx, teamId: number) {
  return tx.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
}

export async function markSubscriptionApplied(
  tx: Tx,
  {
    teamId,
    subscriptionId,
    eventCreated,
  }: { teamId: number; subscriptionId: string; eventCreated: number },
) {
  await tx
    .updateTable('teamBilling')
    .set({
      stripeSubscriptionId: subscriptionId,
      lastEventCreated: eventCreated,
      hadSubscription: true,
      updatedAt: new Date(),
    })
    .where('teamId', '=', teamId)
    .execute();
}

/** False when the event was handled before (Stripe delivers at least once). */
export async function recordEvent(tx: Tx, { id, type }: { id: string; type: string }) {
  const inserted = await tx
    .insertInto('stripeEvents')
    .values({ id, type })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
