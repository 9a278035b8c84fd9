import { CAROUSEL_AUTOPLAY_MS } from '@kindling/domain';
import { useEffect, useReducer, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useMediaQuery } from '../lib/use-media-query';
import { carouselReducer, initialCarousel, isPlaying } from './carousel-state';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import styles from './carousel.module.css';

export interface CarouselSlide {
  id: string;
  /** Names the slide for its picker button ("Paste a URL"). */
  title: string;
  content: ReactNode;
}

/**
 * The WAI-ARIA carousel pattern: autoplay every CAROUSEL_AUTOPLAY_MS (spec section 9), paused
 * while the pointer or keyboard focus is inside and by its Stop button; still for people who ask
 * for reduced motion; arrow keys move between the slide pickers.
 */
export function Carousel({ label, slides }: { label: string; slides: CarouselSlide[] }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [state, dispatch] = useReducer(carouselReducer, slides.length, (count) =>
    initialCarousel(count, reducedMotion),
  );
  const pickers = useRef<(HTMLButtonElement | null)[]>([]);
  const playing = isPlaying(state);
  // The button says what the person chose; hover and focus only hold the slide meanwhile.
  const stopped = state.paused.includes('button');

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => dispatch({ type: 'next' }), CAROUSEL_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [playing]);

  function onPickerKey(event: KeyboardEvent<HTMLButtonElement>) {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = (state.index + step + slides.length) % slides.length;
    dispatch({ type: 'show', index: next });
    pickers.current[next]?.focus();
  }

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="carousel"
      data-playing={playing}
      onMouseEnter={() => dispatch({ type: 'pause', reason: 'hover' })}
      onMouseLeave={() => dispatch({ type: 'resume', reason: 'hover' })}
      onFocus={() => dispatch({ type: 'pause', reason: 'focus' })}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) {
          dispatch({ type: 'resume', reason: 'focus' });
        }
      }}
    >
      <div className={styles.viewport} aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}: ${slide.title}`}
            className={styles.slide}
            hidden={index !== state.index}
          >
            {slide.content}
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.toggle}
          onClick={() => dispatch(stopped ? { type: 'play' } : { type: 'pause', reason: 'button' })}
        >
          {stopped ? 'Play slides' : 'Stop slides'}
        </button>
        <div className={styles.pickers} role="group" aria-label="Choose a slide">
          <button
            type="button"
            className={styles.arrow}
            aria-label="Previous slide"
            onClick={() => dispatch({ type: 'previous' })}
          >
            <ChevronLeftIcon size={16} />
          </button>
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              ref={(node) => {
                pickers.current[index] = node;
              }}
              type="button"
              className={styles.dot}
              aria-label={`Slide ${index + 1}: ${slide.title}`}
              aria-current={index === state.index ? 'true' : undefined}
              tabIndex={index === state.index ? 0 : -1}
              onClick={() => dispatch({ type: 'show', index })}
              onKeyDown={onPickerKey}
            />
          ))}
          <button
            type="button"
            className={styles.arrow}
            aria-label="Next slide"
            onClick={() => dispatch({ type: 'next' })}
          >
            <ChevronRightIcon size={16} />
          </button>
        </div>
      </div>
    </section>
  );
}
