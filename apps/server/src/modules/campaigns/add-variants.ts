import {
  elementTypeSchema,
  imageVariantInfoSchema,
  textVariantInfoSchema,
  variantSchema,
  type ElementVariantsCheck,
  type Variant,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { assertCampaignOpen } from './assert-campaign-open';
import { assertSelectorsParse, variantSelectors } from './check-selectors';
import type { Tx } from '../../db/transaction';
import { notFound } from '../../errors';
import { assertNewVariantsFit, assertVariantsMayBeStored } from './check-element-variants';
import { assertLinkedRoomFor } from './element-mode-guard';
import { CAMPAIGN_NOT_FOUND } from './get-campaigns';
import { presentVariant } from './present-campaign';
import { recordServingPhase } from './record-serving-phase';
import { findCampaigns, findElementVariants, lockCampaignElement, type VariantRow } from './repo';
import { writeVariants } from './parts-repo';
import { sanitizeVariant } from './sanitize-variant-html';
import { assertVariantCodeValid } from '../variant-code/check-variant-code';
import { NO_CODE_EDITOR, recordCodeChanges, type CodeEditor } from '../variant-code/code-changes';

export const ELEMENT_NOT_FOUND = 'Element not found';

export interface AddVariantsInput {
  teamId: number;
  campaignId: number;
  elementId: number;
  variants: Variant[];
  /** Who writes, for the variants' CSS and code; none may be added without one. */
  editor?: CodeEditor;
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

/** The element as the check reads it: its type and the original content stored with it. */
function storedElement(row: {
  type: string;
  data: unknown;
  selector: string;
}): ElementVariantsCheck['element'] {
  const type = elementTypeSchema.parse(row.type);
  const info = (row.data as { control?: { info?: unknown } }).control?.info;
  const { selector } = row;
  return type === 'text'
    ? { type, selector, control: { info: textVariantInfoSchema.parse(info) } }
    : { type, selector, control: { info: imageVariantInfoSchema.parse(info) } };
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
  const last = Math.max(-1, ...after.map((row) => row.position));
  const inserted = await writeVariants(
    tx,
    variants.map((variant, i) => ({
      teamId,
      elementId,
      position: last + 1 + i,
      key: variant.key,
      type: variant.type,
      isEnabled: variant.isEnabled,
      info: variant.info,
    })),
  );
  return inserted.sort((a, b) => a.position - b.position).map((row) => row.id);
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
  assertNewVariantsFit([{ field: 'variants', count: input.variants.length }]);
  return db.transaction().execute(async (tx) => {
    const [campaign] = await findCampaigns(tx, teamId, [campaignId]);
    if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
    await assertCampaignOpen(tx, teamId, campaignId);
    const element = await lockCampaignElement(tx, teamId, { campaignId, elementId });
    if (!element) throw notFound(ELEMENT_NOT_FOUND);
    await assertLinkedRoomFor(tx, { teamId, campaignId, elementId, adding: input.variants.length });
    const incoming = input.variants.map(sanitizeVariant);
    const before = await findElementVariants(tx, teamId, elementId);
    assertVariantsMayBeStored([
      {
        element: storedElement(element),
        pageUrl: campaign.ingestedUrl,
        kept: storedVariants(before),
        incoming,
        fieldOf: (index) => `variants.${index}`,
      },
    ]);
    assertSelectorsParse(variantSelectors(incoming, (index) => `variants.${index}`));
    assertVariantCodeValid(
      [{ variants: incoming }],
      campaign.ingestedUrl,
      (_e, v) => `variants.${v}.info`,
    );
    await recordCodeChanges(
      tx,
      { teamId, campaignId, editor: input.editor ?? NO_CODE_EDITOR },
      incoming.map(({ key, info }) => ({ id: undefined, key, info })),
      { removes: false },
    );
    const newVariantIds = await insertAtEnd(tx, {
      teamId,
      elementId,
      after: before,
      variants: incoming,
    });
    await recordServingPhase(tx, { teamId, campaignId });
    const after = await findElementVariants(tx, teamId, elementId);
    return {
      variants: after.map((row, i) => ({ ...presentVariant(row), index: i + 1 })),
      newVariantIds,
    };
  });
}
