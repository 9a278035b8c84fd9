import { SHADOW_SELECTOR_SEPARATOR } from '@kindling/domain';

function safeQueryAll(root: ParentNode, selector: string): Element[] {
  try {
    return [...root.querySelectorAll(selector)];
  } catch {
    return [];
  }
}

/**
 * Every element matching a selector that may cross open shadow roots with " >>> " (host
 * selector >>> inner selector, the form `uniqueSelector` produces for elements inside web
 * components); an invalid selector matches none.
 */
export function findElements(selector: string, root: ParentNode = document): Element[] {
  const [first = '', ...rest] = selector.split(SHADOW_SELECTOR_SEPARATOR);
  let matches = safeQueryAll(root, first);
  for (const part of rest) {
    matches = matches.flatMap((host) =>
      host.shadowRoot ? safeQueryAll(host.shadowRoot, part) : [],
    );
  }
  return matches;
}

export function findElement(selector: string, root: ParentNode = document): Element | undefined {
  return findElements(selector, root)[0];
}
