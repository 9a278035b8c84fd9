import {
  markConversionGoal,
  type CampaignElement,
  type CampaignInput,
  type Goal,
} from '@kindling/domain';
import type { Tx } from '../../db/transaction';
import {
  deleteRowsExcept,
  deleteVariantsExcept,
  findCampaignParts,
  insertElement,
  insertGoal,
  insertVariant,
  updateElement,
  updateGoal,
  updateVariant,
  type CampaignColumns,
} from './repo';
import { sanitizeElement } from './sanitize-variant-html';

interface Scope {
  tx: Tx;
  teamId: number;
  campaignId: number;
}

export function campaignColumns(input: CampaignInput): CampaignColumns {
  return {
    name: input.name,
    description: input.description ?? null,
    type: input.type,
    ingestedUrl: input.ingestedUrl,
    meta: input.meta ?? {},
    thumbnail: input.thumbnail ?? null,
    exclusiveAudienceMode: input.exclusiveAudienceMode,
    trafficAllocation: input.trafficAllocation,
    isEnabled: input.isEnabled,
    autoGenerationStatus: input.autoGenerationStatus ?? null,
  };
}

/**
 * Brings the stored elements, variants and goals in line with the submitted lists: known ids are
 * updated in place (their statistics stay attached), temporary or unknown ids are inserted,
 * and rows no longer listed are deleted. Only rows of this campaign are ever touched.
 * Variant and control html is sanitised here, so create and save store the same clean markup.
 */
export async function writeCampaignParts(
  scope: Scope,
  input: { elements: CampaignElement[]; goals: Goal[] },
): Promise<void> {
  const existing = await findCampaignParts(scope.tx, scope.teamId, [scope.campaignId]);
  const elementIds = new Set(existing.elements.map((row) => row.id));
  const variantIds = new Set(existing.variants.map((row) => row.id));
  const goalIds = new Set(existing.goals.map((row) => row.id));

  const keptElements: number[] = [];
  for (const [position, submitted] of input.elements.entries()) {
    const element = sanitizeElement(submitted);
    const elementId = await writeElement(scope, { element, position, known: elementIds });
    keptElements.push(elementId);
    const keptVariants: number[] = [];
    for (const [variantPosition, variant] of element.variants.entries()) {
      const row = {
        teamId: scope.teamId,
        elementId,
        position: variantPosition,
        key: variant.key,
        type: variant.type,
        isEnabled: variant.isEnabled,
        info: variant.info as Record<string, unknown>,
      };
      if (variantIds.has(variant.id)) {
        await updateVariant(scope.tx, { ...row, id: variant.id });
        keptVariants.push(variant.id);
      } else {
        keptVariants.push((await insertVariant(scope.tx, row)).id);
      }
    }
    await deleteVariantsExcept(scope.tx, { teamId: scope.teamId, elementId }, keptVariants);
  }
  await deleteRowsExcept(scope.tx, 'campaignElements', scope, keptElements);

  const keptGoals: number[] = [];
  for (const [position, goal] of markConversionGoal(input.goals).entries()) {
    const row = {
      teamId: scope.teamId,
      campaignId: scope.campaignId,
      position,
      isConversionGoal: goal.isConversionGoal,
      event: goal.event as Record<string, unknown>,
    };
    if (goalIds.has(goal.id)) {
      await updateGoal(scope.tx, { ...row, id: goal.id });
      keptGoals.push(goal.id);
    } else {
      keptGoals.push((await insertGoal(scope.tx, row)).id);
    }
  }
  await deleteRowsExcept(scope.tx, 'goals', scope, keptGoals);
}

async function writeElement(
  scope: Scope,
  { element, position, known }: { element: CampaignElement; position: number; known: Set<number> },
): Promise<number> {
  const {
    id,
    selector,
    type,
    key,
    variants: _variants,
    index: _index,
    __new__: _new,
    metrics: _metrics,
    benchmark: _benchmark,
    ...data
  } = element;
  const row = {
    teamId: scope.teamId,
    campaignId: scope.campaignId,
    position,
    selector,
    type,
    key,
    data: data as Record<string, unknown>,
  };
  if (known.has(id)) {
    await updateElement(scope.tx, { ...row, id });
    return id;
  }
  return (await insertElement(scope.tx, row)).id;
}
