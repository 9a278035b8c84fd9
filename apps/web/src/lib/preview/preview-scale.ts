import { SIZE_LABEL, SIZE_WIDTH, type PreviewSize } from './preview-options';

export interface PaneBox {
  /** Room for the frame in the pane, in CSS pixels of the app. */
  width: number;
  height: number;
}

export interface FrameFit {
  /** The page's own viewport width: what its media queries see. */
  viewportWidth: number;
  /** The frame's height before scaling, so that once scaled it fills the pane's height. */
  viewportHeight: number;
  /** 1 when the viewport fits, less when it is shrunk to the pane; never more than 1. */
  scale: number;
  /** Room the scaled frame takes in the pane. */
  scaledWidth: number;
  scaledHeight: number;
}

/** Below this the page would be unreadable; the pane scrolls sideways instead. */
export const MIN_SCALE = 0.2;

/**
 * Renders the page at the device's true width and shrinks it to the pane, so a 1280 px
 * desktop layout shows its desktop breakpoints even in a narrow pane.
 */
export function fitFrame(size: PreviewSize, pane: PaneBox): FrameFit {
  const viewportWidth = SIZE_WIDTH[size];
  const room = Math.max(0, pane.width);
  const scale = room <= 0 ? 1 : Math.max(MIN_SCALE, Math.min(1, room / viewportWidth));
  const scaledHeight = Math.max(0, pane.height);
  return {
    viewportWidth,
    viewportHeight: Math.round(scaledHeight / scale),
    scale,
    scaledWidth: viewportWidth * scale,
    scaledHeight,
  };
}

/** "Desktop · 1280 px · 54%": the device, the width the page sees, and how much it is shrunk. */
export function scaleLabel(size: PreviewSize, scale: number): string {
  return `${SIZE_LABEL[size]} · ${SIZE_WIDTH[size]} px · ${Math.round(scale * 100)}%`;
}
