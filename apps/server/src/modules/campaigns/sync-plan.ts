import { markConversionGoal, type CampaignElement, type Goal } from '@kindling/domain';

// What a create or save writes, worked out without the database: rows whose id is already
// stored for this campaign are updated in place (their statistics stay attached), everything
// else is inserted, and stored rows that are not planned are deleted.

export interface StoredIds {
  elements: ReadonlySet<number>;
  variants: ReadonlySet<number>;
  goals: ReadonlySet<number>;
}

export interface PlannedVariant {
  /** A stored id to update in place; undefined inserts a new row. */
  id: number | undefined;
  position: number;
  key: string;
  type: string;
  isEnabled: boolean;
  info: Record<string, unknown>;
}

export interface PlannedElement {
  id: number | undefined;
  position: number;
  selector: string;
  type: string;
  key: string;
  /** The spec's fields the server never queries (control, domStats, attributes, meta ...). */
  data: Record<string, unknown>;
  variants: PlannedVariant[];
}

export interface PlannedGoal {
  id: number | undefined;
  position: number;
  isConversionGoal: boolean;
  metricRole: Goal['metricRole'];
  lowerIsBetter: boolean;
  event: Record<string, unknown>;
}

export interface SyncPlan {
  elements: PlannedElement[];
  goals: PlannedGoal[];
}

/** Each stored id is claimed once; a repeated or foreign id becomes a new row. */
function claimer(stored: ReadonlySet<number>) {
  const claimed = new Set<number>();
  return (id: number): number | undefined => {
    if (!stored.has(id) || claimed.has(id)) return undefined;
    claimed.add(id);
    return id;
  };
}

function elementData(element: CampaignElement): Record<string, unknown> {
  const {
    id: _id,
    selector: _selector,
    type: _type,
    key: _key,
    variants: _variants,
    index: _index,
    __new__: _new,
    metrics: _metrics,
    benchmark: _benchmark,
    ...data
  } = element;
  return data;
}

export function planCampaignSync(
  stored: StoredIds,
  submitted: { elements: readonly CampaignElement[]; goals: readonly Goal[] },
): SyncPlan {
  const claimElement = claimer(stored.elements);
  const claimVariant = claimer(stored.variants);
  const claimGoal = claimer(stored.goals);
  return {
    elements: submitted.elements.map((element, position) => ({
      id: claimElement(element.id),
      position,
      selector: element.selector,
      type: element.type,
      key: element.key,
      data: elementData(element),
      variants: element.variants.map((variant, variantPosition) => ({
        id: claimVariant(variant.id),
        position: variantPosition,
        key: variant.key,
        type: variant.type,
        isEnabled: variant.isEnabled,
        info: variant.info,
      })),
    })),
    goals: markConversionGoal(submitted.goals).map((goal, position) => ({
      id: claimGoal(goal.id),
      position,
      isConversionGoal: goal.isConversionGoal,
      metricRole: goal.metricRole,
      lowerIsBetter: goal.lowerIsBetter,
      event: goal.event,
    })),
  };
}

/** The stored ids the plan updates in place; stored rows neither updated nor new are deleted. */
export function keptIds(plan: SyncPlan) {
  const ids = <T extends { id: number | undefined }>(rows: readonly T[]) =>
    rows.flatMap((row) => (row.id === undefined ? [] : [row.id]));
  return {
    elements: ids(plan.elements),
    variants: ids(plan.elements.flatMap((element) => element.variants)),
    goals: ids(plan.goals),
  };
}
