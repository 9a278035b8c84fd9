// DOM-free constants of the preview protocol, importable by the server.

/** Tag on every editor <-> preview message, so both sides ignore other postMessage traffic. */
export const PREVIEW_CHANNEL = 'kindling-preview';

export const STALE_SELECTOR_ERROR = "Tried to select a preview element that doesn't exist";
