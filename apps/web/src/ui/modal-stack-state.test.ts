import { describe, expect, it } from 'vitest';
import { backdropKey, modalStackReducer, type ModalEntry } from './modal-stack-state';

const Dummy = () => null;
const open = (state: ModalEntry[], key: number) =>
  modalStackReducer(state, { type: 'open', entry: { key, Component: Dummy, props: {} } });
const started = (state: ModalEntry[], key: number) =>
  modalStackReducer(state, { type: 'animationStarted', key });
const ended = (state: ModalEntry[], key: number) =>
  modalStackReducer(state, { type: 'animationEnded', key });

describe('modal stack', () => {
  it('opens dialogs visible in "show" and gives the backdrop to the topmost visible one', () => {
    const state = open(open([], 1), 2);
    expect(state.map((entry) => [entry.key, entry.visible, entry.animation])).toEqual([
      [1, true, 'show'],
      [2, true, 'show'],
    ]);
    expect(backdropKey(state)).toBe(2);
  });

  it('settles in "idle" when the entry animation of that dialog ends', () => {
    let state = started(open(open([], 1), 2), 2);
    expect(state[1]).toMatchObject({ animation: 'show', run: 'started' });
    state = ended(state, 2);
    expect(state.map((entry) => [entry.animation, entry.run])).toEqual([
      ['show', undefined],
      ['idle', 'ended'],
    ]);
  });

  it('goes idle -> hide -> removed, removing the dialog only when its exit animation ends', () => {
    let state = ended(ended(open(open([], 1), 2), 1), 2);
    state = modalStackReducer(state, { type: 'hide', key: 2 });
    expect(state[1]).toMatchObject({ visible: false, animation: 'hide' });
    expect(backdropKey(state)).toBe(1);

    state = started(state, 2);
    expect(state.map((entry) => entry.key)).toEqual([1, 2]);
    state = ended(state, 2);
    expect(state.map((entry) => entry.key)).toEqual([1]);
    expect(backdropKey(modalStackReducer(state, { type: 'hide', key: 1 }))).toBeUndefined();
  });

  it('ignores a second hide and events for dialogs that are gone', () => {
    const hidden = modalStackReducer(ended(open([], 1), 1), { type: 'hide', key: 1 });
    expect(modalStackReducer(hidden, { type: 'hide', key: 1 })).toEqual(hidden);
    expect(ended(hidden, 9)).toEqual(hidden);
  });
});
