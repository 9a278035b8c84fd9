import { isVariantLink, VARIANT_ATTRIBUTES, VARIANT_ATTRIBUTE_MAX_LENGTH } from '@kindling/domain';
import type { PageMutation } from './mutation-types';

/**
 * Link and attribute changes (issue 32), outside the plain tracker: the html bundles and the
 * preview reach them through the sanitiser (`Sanitize.more`). The server's rules are checked again
 * before the page is touched, whatever was stored.
 */
export function applyRichChange(element: Element, mutation: PageMutation): void {
  if (mutation.type === 'link') {
    if (isVariantLink(mutation.href)) element.setAttribute('href', mutation.href);
  } else if (
    mutation.type === 'attribute' &&
    VARIANT_ATTRIBUTES.includes(mutation.name) &&
    mutation.value.length <= VARIANT_ATTRIBUTE_MAX_LENGTH
  ) {
    element.setAttribute(mutation.name, mutation.value);
  }
}
