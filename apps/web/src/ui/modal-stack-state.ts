import type { ComponentType } from 'react';

/** idle = shown and settled; hide = closing animation running; removed = gone from the stack. */
export type ModalAnimationState = 'idle' | 'hide' | 'removed';

export interface ModalEntry {
  key: number;
  Component: ComponentType<never>;
  props: object;
  visible: boolean;
  animation: ModalAnimationState;
}

export type ModalAction =
  | { type: 'open'; entry: Omit<ModalEntry, 'visible' | 'animation'> }
  | { type: 'hide'; key: number }
  | { type: 'remove'; key: number };

export function modalStackReducer(state: ModalEntry[], action: ModalAction): ModalEntry[] {
  switch (action.type) {
    case 'open':
      return [...state, { ...action.entry, visible: true, animation: 'idle' }];
    case 'hide':
      return state.map((entry) =>
        entry.key === action.key && entry.visible
          ? { ...entry, visible: false, animation: 'hide' }
          : entry,
      );
    case 'remove':
      return state.filter((entry) => entry.key !== action.key);
  }
}

/** Only the topmost visible dialog draws the backdrop, so stacked dialogs don't darken twice. */
export function backdropKey(state: readonly ModalEntry[]): number | undefined {
  return state.findLast((entry) => entry.visible)?.key;
}
