import type { ComponentType } from 'react';

/**
 * Spec section 4, dialogs: a dialog opens visible in "show" (its entry animation), settles in
 * "idle", closes through "hide" (its exit animation) and is "removed" from the stack when that
 * animation ends, never after a guessed delay.
 */
export type ModalAnimationState = 'show' | 'idle' | 'hide' | 'removed';

/** Animations are tracked per dialog key as started or ended. */
export type AnimationRun = 'started' | 'ended';

export interface ModalEntry {
  key: number;
  Component: ComponentType<never>;
  props: object;
  visible: boolean;
  animation: ModalAnimationState;
  run?: AnimationRun;
}

export type ModalAction =
  | { type: 'open'; entry: Omit<ModalEntry, 'visible' | 'animation' | 'run'> }
  | { type: 'hide'; key: number }
  | { type: 'animationStarted'; key: number }
  | { type: 'animationEnded'; key: number };

const settle: Record<ModalAnimationState, ModalAnimationState> = {
  show: 'idle',
  idle: 'idle',
  hide: 'removed',
  removed: 'removed',
};

export function modalStackReducer(state: ModalEntry[], action: ModalAction): ModalEntry[] {
  switch (action.type) {
    case 'open':
      return [...state, { ...action.entry, visible: true, animation: 'show' }];
    case 'hide':
      return state.map((entry) =>
        entry.key === action.key && entry.visible
          ? { ...entry, visible: false, animation: 'hide' }
          : entry,
      );
    case 'animationStarted':
      return state.map((entry) =>
        entry.key === action.key ? { ...entry, run: 'started' } : entry,
      );
    case 'animationEnded':
      return state
        .map((entry) =>
          entry.key === action.key
            ? { ...entry, run: 'ended' as const, animation: settle[entry.animation] }
            : entry,
        )
        .filter((entry) => entry.animation !== 'removed');
  }
}

/** Only the topmost visible dialog draws the backdrop, so stacked dialogs don't darken twice. */
export function backdropKey(state: readonly ModalEntry[]): number | undefined {
  return state.findLast((entry) => entry.visible)?.key;
}
