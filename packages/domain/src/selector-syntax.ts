// The selectors a campaign stores (its elements, a move's target, a click goal's elements) are
// run by the tracker on the customer's page; one a browser refuses matches nothing there, so the
// element would only ever be reported as "not on the page". The server refuses it instead.

/** Crosses an open shadow root: "host selector >>> inner selector" (selector.ts in page-runtime). */
export const SHADOW_SELECTOR_SEPARATOR = ' >>> ';

/** Why a selector is refused, with the parser's reason. */
export const selectorSyntaxMessage = (reason: string): string =>
  `Not a CSS selector a browser accepts (${reason}): pick the element in the preview, or correct the selector.`;
