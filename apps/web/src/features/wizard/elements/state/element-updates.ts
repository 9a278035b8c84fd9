import type { CampaignElement } from '@kindling/domain';
import type { CollapsibleGroup, ElementsState } from './elements-state';

export const findElement = (state: Pick<ElementsState, 'elements'>, id: number | undefined) =>
  state.elements.find((element) => element.id === id);

export const collapseKey = (elementId: number, group: CollapsibleGroup) => `${elementId}:${group}`;
export const isCollapsed = (
  state: Pick<ElementsState, 'collapsed'>,
  elementId: number,
  group: CollapsibleGroup,
) => state.collapsed[collapseKey(elementId, group)] === true;

export function changeElement<S extends ElementsState>(
  state: S,
  id: number,
  change: (element: CampaignElement) => CampaignElement,
): S {
  return {
    ...state,
    elements: state.elements.map((element) => (element.id === id ? change(element) : element)),
  };
}

export function withoutSelection(selected: Record<number, number>, elementId: number) {
  const { [elementId]: _removed, ...rest } = selected;
  return rest;
}

/** Collapsing a group clears the element's selected variant when it was inside that group. */
export function collapse<S extends ElementsState>(
  state: S,
  elementId: number,
  group: CollapsibleGroup,
): S {
  const element = findElement(state, elementId);
  const selectedId = state.selectedVariants[elementId];
  const selected = element?.variants.find((variant) => variant.id === selectedId);
  const inside =
    selected !== undefined &&
    (group === 'element' || (group === 'suggested') === (selected.marker === 'suggested'));
  return {
    ...state,
    collapsed: { ...state.collapsed, [collapseKey(elementId, group)]: true },
    selectedVariants: inside
      ? withoutSelection(state.selectedVariants, elementId)
      : state.selectedVariants,
  };
}
