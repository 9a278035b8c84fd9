import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { setVariantEnabled } from './repo';

export const VARIANT_NOT_FOUND = 'Variant not found';

/** Spec section 4: a saved variant can be enabled or disabled. */
export async function updateVariantEnabled(
  { db }: { db: Db },
  input: { teamId: number; id: number; isEnabled: boolean },
): Promise<{ id: number; isEnabled: boolean }> {
  if (!(await setVariantEnabled(db, input.teamId, input.id, input.isEnabled))) {
    throw notFound(VARIANT_NOT_FOUND);
  }
  return { id: input.id, isEnabled: input.isEnabled };
}
