import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  carouselReducer,
  initialCarousel,
  isPlaying,
  type CarouselAction,
  type CarouselPause,
} from './carousel-state';

const reasons: CarouselPause[] = ['hover', 'focus', 'button'];

describe('carousel state', () => {
  it('wraps around in both directions', () => {
    let state = initialCarousel(4);
    state = carouselReducer(state, { type: 'previous' });
    expect(state.index).toBe(3);
    state = carouselReducer(state, { type: 'next' });
    expect(state.index).toBe(0);
    expect(carouselReducer(state, { type: 'show', index: 6 }).index).toBe(2);
  });

  it('plays only while no reason to pause holds', () => {
    let state = initialCarousel(4);
    expect(isPlaying(state)).toBe(true);
    state = carouselReducer(state, { type: 'pause', reason: 'hover' });
    state = carouselReducer(state, { type: 'pause', reason: 'focus' });
    expect(isPlaying(state)).toBe(false);
    state = carouselReducer(state, { type: 'resume', reason: 'hover' });
    expect(isPlaying(state)).toBe(false);
    state = carouselReducer(state, { type: 'resume', reason: 'focus' });
    expect(isPlaying(state)).toBe(true);
  });

  it('starts still for people who ask for reduced motion', () => {
    expect(isPlaying(initialCarousel(4, true))).toBe(false);
    expect(
      isPlaying(carouselReducer(initialCarousel(4, true), { type: 'resume', reason: 'button' })),
    ).toBe(true);
  });

  it('keeps the index in range and plays exactly when nothing pauses it', () => {
    const action = fc.oneof(
      fc.constant<CarouselAction>({ type: 'next' }),
      fc.constant<CarouselAction>({ type: 'previous' }),
      fc.integer({ min: -20, max: 20 }).map((index): CarouselAction => ({ type: 'show', index })),
      fc.constantFrom(...reasons).map((reason): CarouselAction => ({ type: 'pause', reason })),
      fc.constantFrom(...reasons).map((reason): CarouselAction => ({ type: 'resume', reason })),
      fc.constant<CarouselAction>({ type: 'play' }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(action), (count, actions) => {
        const held = new Set<CarouselPause>();
        let state = initialCarousel(count);
        for (const next of actions) {
          state = carouselReducer(state, next);
          if (next.type === 'pause') held.add(next.reason);
          if (next.type === 'resume') held.delete(next.reason);
          if (next.type === 'play') held.clear();
          expect(state.index).toBeGreaterThanOrEqual(0);
          expect(state.index).toBeLessThan(count);
          expect(isPlaying(state)).toBe(held.size === 0);
        }
      }),
    );
  });
});
