import { useMediaQuery } from './use-media-query';

/**
 * The screen widths where the layout changes, in CSS pixels: the first width of the wider
 * layout. CSS modules cannot import these, so every `@media` width in a stylesheet is one of
 * `MEDIA_WIDTHS` (checked by breakpoints.test.ts): `(max-width: 767px)` is "phone".
 */
export const BREAKPOINTS = {
  /** Below it: a phone. The menu becomes a drawer, rows stack, the wizard shows tabs. */
  phone: 768,
  /** Below it: a tablet or narrow window. Two-column screens become one column. */
  tablet: 960,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

/** The media query matching screens narrower than `breakpoint`. */
export function below(breakpoint: Breakpoint): string {
  return `(max-width: ${BREAKPOINTS[breakpoint] - 1}px)`;
}

/** Every width a stylesheet may name in a media query: `max-width` below, `min-width` at. */
export const MEDIA_WIDTHS: Record<'max' | 'min', readonly number[]> = {
  max: Object.values(BREAKPOINTS).map((width) => width - 1),
  min: Object.values(BREAKPOINTS),
};

/** Whether the screen is narrower than `breakpoint`; re-renders when that changes. */
export function useBelow(breakpoint: Breakpoint): boolean {
  return useMediaQuery(below(breakpoint));
}
