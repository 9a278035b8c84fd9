// Moving an element, or a copy of it, next to or inside another (issue 32): "price table above
// the features?", "a second buy button under the reviews". The target is a selector, picked in
// the preview like the element itself.

/** Where the moved element (or its copy) goes: right before the target, after it, or inside it. */
export const VARIANT_MOVE_POSITIONS = ['before', 'after', 'inside'] as const;
export type VariantMovePosition = (typeof VARIANT_MOVE_POSITIONS)[number];
export const VARIANT_MOVE_POSITION_LABELS: Record<VariantMovePosition, string> = {
  before: 'Right before the target',
  after: 'Right after the target',
  inside: 'Inside the target, at its end',
};
export const VARIANT_MOVE_TARGET_MAX_LENGTH = 1000;

export const MOVE_MESSAGES = {
  position: 'A moved element goes before, after or inside its target.',
  target: 'Pick the element to move this one next to.',
  // Written out, as ELEMENT_CHANGE_MESSAGES: no call at module level in the tracker's parts.
  targetLength: 'A target is a selector of at most 1,000 characters.',
  targetSelf: 'An element cannot move next to itself: pick another target.',
} as const;

/** Why a move's target may not be stored for the element `selector` names, or undefined. */
export function moveTargetProblem(
  target: string,
  selector: string | undefined,
): string | undefined {
  if (target.trim() === '') return MOVE_MESSAGES.target;
  if (target.length > VARIANT_MOVE_TARGET_MAX_LENGTH) return MOVE_MESSAGES.targetLength;
  return target.trim() === selector?.trim() ? MOVE_MESSAGES.targetSelf : undefined;
}

/** How a variant's summary names its move: "Moved after", "Copy inside". */
export const moveChangeLabel = (move: { position: VariantMovePosition; copy?: boolean }): string =>
  `${move.copy ? 'Copy' : 'Moved'} ${move.position}`;
