import { VARIANT_PREVIEW_PARAM, VARIANT_PREVIEW_STORAGE_KEY } from '@kindling/domain';
import { addScript } from './load-part';

// Variant preview links (docs/api.md "Variant preview links"): a page opened with
// ?kindling_preview=<token>, or a tab that opened one before, loads the preview script instead
// of running the tracker. The script lives apart so the tracker every visitor loads stays small
// (every byte here counts against the 7 KB budget: the script reads the token itself).

declare global {
  interface Window {
    /** Runs the tracker normally: the preview script calls it when the token is refused. */
    kindlingPreview?: () => void;
  }
}

/**
 * True when this tab previews a variant: the preview script (`preview.js` beside the team's
 * config) is loaded, and it shows the variant or else calls `resume`.
 */
export function enteredPreview(configUrl: string, resume: () => void): boolean {
  let linked = location.search.includes(`${VARIANT_PREVIEW_PARAM}=`);
  try {
    linked ||= !!sessionStorage.getItem(VARIANT_PREVIEW_STORAGE_KEY);
  } catch {
    // sessionStorage refused (some privacy modes): only the link's own page previews.
  }
  if (!linked) return false;
  window.kindlingPreview = resume;
  // No `onerror` resume: a preview script that cannot load (a page's CSP, a network error)
  // leaves the page as it is, never turning the person previewing into a counted visitor.
  addScript(configUrl, 'preview');
  return true;
}
