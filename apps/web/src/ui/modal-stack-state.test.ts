import { describe, expect, it } from 'vitest';
import { backdropKey, modalStackReducer, type ModalEntry } from './modal-stack-state';

const Dummy = () => null;
const open = (state: ModalEntry[], key: number) =>
  modalStackReducer(state, { type: 'open', entry: { key, Component: Dummy, props: {} } });

describe('modal stack', () => {
  it('stacks dialogs and gives the backdrop to the topmost visible one', () => {
    const state = open(open([], 1), 2);
    expect(state.map((entry) => [entry.key, entry.visible, entry.animation])).toEqual([
      [1, true, 'idle'],
      [2, true, 'idle'],
    ]);
    expect(backdropKey(state)).toBe(2);
  });

  it('moves a closing dialog to "hide", hands the backdrop down, then removes it', () => {
    const hidden = modalStackReducer(open(open([], 1), 2), { type: 'hide', key: 2 });
    expect(hidden[1]).toMatchObject({ visible: false, animation: 'hide' });
    expect(backdropKey(hidden)).toBe(1);

    const removed = modalStackReducer(hidden, { type: 'remove', key: 2 });
    expect(removed.map((entry) => entry.key)).toEqual([1]);
    expect(backdropKey(modalStackReducer(removed, { type: 'hide', key: 1 }))).toBeUndefined();
  });
});
