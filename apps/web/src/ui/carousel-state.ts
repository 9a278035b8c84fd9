/**
 * Why autoplay is stopped: the pointer is over the carousel, focus is inside it, or the person
 * pressed "Pause". Autoplay runs only while no reason holds.
 */
export type CarouselPause = 'hover' | 'focus' | 'button';

export interface CarouselState {
  index: number;
  count: number;
  paused: readonly CarouselPause[];
}

export type CarouselAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'show'; index: number }
  | { type: 'pause'; reason: CarouselPause }
  | { type: 'resume'; reason: CarouselPause }
  /** "Start" pressed: plays even with the pointer or focus still inside, as asked. */
  | { type: 'play' };

export const initialCarousel = (count: number, reducedMotion = false): CarouselState => ({
  index: 0,
  count,
  // People who ask for less motion get a still carousel they can turn on.
  paused: reducedMotion ? ['button'] : [],
});

const wrap = (index: number, count: number) => ((index % count) + count) % count;

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case 'next':
      return { ...state, index: wrap(state.index + 1, state.count) };
    case 'previous':
      return { ...state, index: wrap(state.index - 1, state.count) };
    case 'show':
      return { ...state, index: wrap(action.index, state.count) };
    case 'pause':
      return state.paused.includes(action.reason)
        ? state
        : { ...state, paused: [...state.paused, action.reason] };
    case 'resume':
      return state.paused.includes(action.reason)
        ? { ...state, paused: state.paused.filter((reason) => reason !== action.reason) }
        : state;
    case 'play':
      return { ...state, paused: [] };
  }
}

export const isPlaying = (state: CarouselState): boolean => state.paused.length === 0;
