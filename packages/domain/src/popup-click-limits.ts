// Apart from popup-clicks.ts, which builds zod schemas: the preview agent bundle imports these
// limits and must stay free of zod.

/** At most this many clicks are recorded in Close pop-ups and replayed. */
export const MAX_POPUP_CLICKS = 10;
export const POPUP_CLICK_SELECTOR_MAX = 2_000;
