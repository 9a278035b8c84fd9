import {
  DUPLICATE_VARIANT,
  findDuplicateVariants,
  variantSchema,
  type Variant,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import { AppError, notFound, validationError } from '../../errors';
import { CAMPAIGN_NOT_FOUND } from './get-campaigns';
import { presentVariant } from './present-campaign';
import {
  findCampaigns,
  findElementVariants,
  insertVariant,
  lockCampaignElement,
  type VariantRow,
} from './repo';
import { sanitizeVariant } from './sanitize-variant-html';

export const ELEMENT_NOT_FOUND = 'Element not found';
export const VARIANT_TYPE_MISMATCH = 'A variant must have the same type as its element.';

export interface AddVariantsInput {
  teamId: number;
  campaignId: number;
  elementId: number;
  variants: Variant[];
}

export interface AddVariantsResult {
  /** Every saved variant of the element after the insert, in order, indexed 1..n. */
  variants: Variant[];
  newVariantIds: number[];
}

/** Stored variants in the shape the duplicate check reads; rows it cannot read are skipped. */
function storedVariants(rows: VariantRow[]): Variant[] {
  return rows.flatMap((row) => {
    const parsed = variantSchema.safeParse({
      id: row.id,
      key: row.key,
      type: row.type,
      isEnabled: row.isEnabled,
      info: row.info,
    });
    return parsed.success ? [parsed.data] : [];
  });
}

function rejectDuplicates(existing: Variant[], incoming: Variant[]): void {
  const drafts = incoming.map((variant) => ({ ...variant, marker: 'draft' as const }));
  const duplicates = new Set(findDuplicateVariants([...existing, ...drafts]));
  if (duplicates.size === 0) return;
  const fields = Object.fromEntries(
    drafts.flatMap((draft, i) =>
      duplicates.has(draft) ? [[`variants.${i}`, DUPLICATE_VARIANT.message]] : [],
    ),
  );
  throw new AppError(DUPLICATE_VARIANT.code, DUPLICATE_VARIANT.message, fields);
}

async function insertAtEnd(
  tx: Tx,
  {
    teamId,
    elementId,
    after,
    variants,
  }: { teamId: number; elementId: number; after: VariantRow[]; variants: Variant[] },
): Promise<number[]> {
  let position = Math.max(-1, ...after.map((row) => row.position));
  const ids: number[] = [];
  for (const variant of variants) {
    position += 1;
    const { id } = await insertVariant(tx, {
      teamId,
      elementId,
      position,
      key: variant.key,
      type: variant.type,
      isEnabled: variant.isEnabled,
      info: variant.info,
    });
    ids.push(id);
  }
  return ids;
}

/**
 * Spec section 4: approving a suggestion or saving a draft in update mode posts the variants
 * here. They are appended after the element's saved variants, all or none: a duplicate of a
 * saved variant or of another new one refuses the whole call. Client markers and ids are not
 * stored; html is sanitised first, so the duplicate check compares what will be stored.
 */
export async function addVariants(
  { db }: { db: Db },
  input: AddVariantsInput,
): Promise<AddVariantsResult> {
  const { teamId, campaignId, elementId } = input;
  return db.transaction().execute(async (tx) => {
    if ((await findCampaigns(tx, teamId, [campaignId])).length === 0) {
      throw notFound(CAMPAIGN_NOT_FOUND);
    }
    const element = await lockCampaignElement(tx, teamId, { campaignId, elementId });
    if (!element) throw notFound(ELEMENT_NOT_FOUND);
    const mismatch = input.variants.findIndex((variant) => variant.type !== element.type);
    if (mismatch >= 0) {
      throw validationError(VARIANT_TYPE_MISMATCH, {
        [`variants.${mismatch}.type`]: VARIANT_TYPE_MISMATCH,
      });
    }
    const incoming = input.variants.map(sanitizeVariant);
    const before = await findElementVariants(tx, teamId, elementId);
    rejectDuplicates(storedVariants(before), incoming);
    const newVariantIds = await insertAtEnd(tx, {
      teamId,
      elementId,
      after: before,
      variants: incoming,
    });
    const after = await findElementVariants(tx, teamId, elementId);
    return {
      variants: after.map((row, i) => ({ ...presentVariant(row), index: i + 1 })),
      newVariantIds,
    };
  });
}
