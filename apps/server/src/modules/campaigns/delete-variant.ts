import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { deleteVariantById } from './repo';
import { VARIANT_NOT_FOUND } from './update-variant-enabled';

/** Spec section 4: a saved variant can be deleted (after the client's confirmation). */
export async function deleteVariant(
  { db }: { db: Db },
  input: { teamId: number; id: number },
): Promise<void> {
  if (!(await deleteVariantById(db, input.teamId, input.id))) throw notFound(VARIANT_NOT_FOUND);
}
