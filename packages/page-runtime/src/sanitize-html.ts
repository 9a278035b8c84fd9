import {
  HTML_BLANK_TARGET_REL,
  HTML_DROPPED_TAGS,
  HTML_POLICY,
  keepsHtmlAttribute,
  type HtmlProfile,
} from '@kindling/domain';

import type { PageMutation } from './mutation-types';
import { applyRichChange } from './rich-changes';

// Variant HTML comes from team members and AI generation and is applied to customers' live
// pages, so it passes the shared allow-list (domain html-policy) again here, whatever the
// server stored: anything not listed is unwrapped (kept as its text) or dropped whole. The server
// applies the same policy; one fixture table (domain html-policy-fixtures) holds both to it.

export type { HtmlProfile };

/**
 * `sanitizeHtml`'s shape. Passed in where HTML is applied, so the tracker a team without HTML
 * variants loads leaves the allow-list out (a sixth of its bytes). It carries the change types
 * the plain tracker leaves out too (`more`: links, attributes and inserted blocks, issue 32).
 */
export type Sanitize = ((html: string, profile: HtmlProfile) => DocumentFragment) & {
  more?: (element: Element, mutation: PageMutation) => void;
};

const DROPPED_TAGS = new Set(HTML_DROPPED_TAGS);

function cleanAttributes(element: Element, profile: HtmlProfile): void {
  const tag = element.localName;
  for (const { name, value } of [...element.attributes]) {
    if (!keepsHtmlAttribute({ profile, tag, name, value })) element.removeAttribute(name);
  }
  if (element.getAttribute('target') === '_blank') {
    // Set last, whatever the author wrote, so the server's copy reads the same.
    element.removeAttribute('rel');
    element.setAttribute('rel', HTML_BLANK_TARGET_REL);
  }
}

function cleanTree(parent: ParentNode, profile: HtmlProfile, allowed: Set<string>): void {
  for (const node of [...parent.childNodes]) {
    if (node.nodeType === Node.COMMENT_NODE || node.nodeType === Node.PROCESSING_INSTRUCTION_NODE) {
      node.remove();
      continue;
    }
    if (!(node instanceof Element)) continue;
    const tag = node.localName;
    if (DROPPED_TAGS.has(tag) || node.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      node.remove();
      continue;
    }
    cleanTree(node, profile, allowed);
    if (allowed.has(tag)) cleanAttributes(node, profile);
    else node.replaceWith(...node.childNodes);
  }
}

/**
 * Parses `html` in an inert template (no script runs, no image loads) and returns a fragment
 * holding only allow-listed elements and attributes.
 */
export const sanitizeHtml: Sanitize = Object.assign(
  (html: string, profile: HtmlProfile) => {
    const template = document.createElement('template');
    template.innerHTML = html;
    cleanTree(template.content, profile, new Set(HTML_POLICY[profile].tags));
    return document.importNode(template.content, true);
  },
  {
    more: (element: Element, mutation: PageMutation) =>
      applyRichChange(element, mutation, sanitizeHtml),
  },
);
