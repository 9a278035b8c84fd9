import { SHADOW_SELECTOR_SEPARATOR, selectorSyntaxMessage } from '@kindling/domain';

/**
 * The refusal the server would answer for a written selector, found before saving: the browser
 * itself is asked, part by part across shadow roots, as the tracker runs it.
 */
export function writtenSelectorProblem(selector: string): string | undefined {
  const readable = selector.split(SHADOW_SELECTOR_SEPARATOR).every((part) => {
    try {
      document.createDocumentFragment().querySelector(part);
      return true;
    } catch {
      return false;
    }
  });
  return readable ? undefined : selectorSyntaxMessage('the browser cannot read it');
}
