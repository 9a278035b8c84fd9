import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
export type HtmlElement = DefaultTreeAdapterMap['element'];

const isElement = (node: Node): node is HtmlElement => 'tagName' in node;

/**
 * A whole document as a browser parses it (parse5 follows the HTML standard), with the few
 * look-ups the tests need: what a payload would have to change to run is an element or an
 * attribute, and what it shows is text.
 */
export function parseHtml(html: string) {
  const elements: HtmlElement[] = [];
  const walk = (node: Node) => {
    if (isElement(node)) {
      elements.push(node);
      if (node.tagName === 'template') walk((node as DefaultTreeAdapterMap['template']).content);
    }
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parse(html, { scriptingEnabled: true }));

  const attribute = (element: HtmlElement, name: string) =>
    element.attrs.find((attr) => attr.name === name)?.value;
  const hasClass = (element: HtmlElement, name: string) =>
    (attribute(element, 'class') ?? '').split(/\s+/).includes(name);

  return {
    elements,
    attribute,
    /** Elements by tag name and, optionally, one of their classes. */
    all: (tagName: string, className?: string) =>
      elements.filter(
        (element) =>
          element.tagName === tagName && (className === undefined || hasClass(element, className)),
      ),
    /** Element names with their attribute names, in document order. */
    skeleton: () =>
      elements.map(
        (element) => `${element.tagName}[${element.attrs.map((attr) => attr.name).join(',')}]`,
      ),
  };
}

/** The text of an element and everything inside it, as `textContent` reads it. */
export function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}
