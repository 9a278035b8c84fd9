import type { CampaignElement, CampaignInput, ExtraMetric, Goal, Variant } from '@kindling/domain';
import { recordCodeChanges, type CodeEditor } from '../variant-code/code-changes';
import type { Tx } from '../../db/transaction';
import {
  deletePartsExcept,
  findStoredPartIds,
  writeElements,
  writeGoals,
  writeVariants,
} from './parts-repo';
import { assertNewVariantsFit } from './check-element-variants';
import { replaceCampaignMetrics } from './metrics-repo';
import { withStoredGoals } from './set-campaign-metrics';
import type { CampaignColumns } from './repo';
import { keptIds, planCampaignSync } from './sync-plan';

interface Scope {
  tx: Tx;
  teamId: number;
  campaignId: number;
  /** Who writes, for the variants' CSS and code (variant-code/code-changes.ts). */
  editor: CodeEditor;
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
    ...(input.statsMethod === undefined ? {} : { statsMethod: input.statsMethod }),
    ...(input.minimumDetectableEffect === undefined
      ? {}
      : { minimumDetectableEffect: input.minimumDetectableEffect }),
    ...(input.autoStop === undefined ? {} : { autoStop: input.autoStop }),
  };
}

/**
 * Brings the stored elements, variants and goals in line with the submitted lists (already
 * sanitised and checked): the plan decides what is updated, inserted and deleted, and each kind
 * of write is one statement. Only rows of this campaign are ever touched.
 */
export async function writeCampaignParts(
  { tx, teamId, campaignId, editor }: Scope,
  input: { elements: CampaignElement[]; goals: Goal[]; extraMetrics?: ExtraMetric[] | undefined },
): Promise<void> {
  const plan = planCampaignSync(await findStoredPartIds(tx, { teamId, campaignId }), input);
  await recordCodeChanges(
    tx,
    { teamId, campaignId, editor },
    plan.elements.flatMap((element) =>
      element.variants.map(({ id, key, info }) => ({ id, key, info: info as Variant['info'] })),
    ),
    { removes: true },
  );
  // Variants without a stored id are new; the caller's transaction undoes the campaign row.
  assertNewVariantsFit(
    plan.elements.map((element, e) => ({
      field: `elements.${e}.variants`,
      count: element.variants.filter((variant) => variant.id === undefined).length,
    })),
  );
  const elementIds = await writeElements(
    tx,
    plan.elements.map(({ variants: _variants, ...element }) => ({
      ...element,
      teamId,
      campaignId,
    })),
  );
  const newVariants = await writeVariants(
    tx,
    plan.elements.flatMap((element) =>
      element.variants.map((variant) => ({
        ...variant,
        teamId,
        elementId: elementIds.get(element.position)!,
      })),
    ),
  );
  const newGoals = await writeGoals(
    tx,
    plan.goals.map((goal) => ({ ...goal, teamId, campaignId })),
  );
  if (input.extraMetrics !== undefined) {
    // Submitted goal i is written at position i: a stored id, or the id its insert returned.
    const inserted = new Map(newGoals.map((row) => [row.position, row.id]));
    const storedIds = new Map(
      input.goals.map((goal, position) => [
        goal.id,
        plan.goals[position]!.id ?? inserted.get(position)!,
      ]),
    );
    await replaceCampaignMetrics(
      tx,
      campaignId,
      withStoredGoals(input.extraMetrics, (id) => storedIds.get(id), 'extraMetrics'),
    );
  }
  const updated = keptIds(plan);
  const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);
  await deletePartsExcept(
    tx,
    { teamId, campaignId },
    {
      elements: [...elementIds.values()],
      variants: [...updated.variants, ...idsOf(newVariants)],
      goals: [...updated.goals, ...idsOf(newGoals)],
    },
  );
}
