import type { ElementFingerprint, Landmark } from './fingerprint';

// The name people read for a picked element ("Button “Sign up” in the navigation"), beside the
// CSS selector that only the tracker needs.

const KIND_BY_ROLE: Record<string, string> = {
  button: 'Button',
  link: 'Link',
  heading: 'Heading',
  img: 'Image',
  image: 'Image',
  tab: 'Tab',
  menuitem: 'Menu item',
  checkbox: 'Checkbox',
};

const KIND_BY_TAG: Record<string, string> = {
  button: 'Button',
  a: 'Link',
  img: 'Image',
  picture: 'Image',
  svg: 'Image',
  video: 'Video',
  p: 'Paragraph',
  li: 'List item',
  label: 'Label',
  input: 'Field',
  textarea: 'Field',
  select: 'Menu',
  blockquote: 'Quote',
  figcaption: 'Caption',
  td: 'Cell',
  th: 'Cell',
};

const WHERE: Record<Landmark, string> = {
  nav: 'in the navigation',
  header: 'in the header',
  footer: 'in the footer',
  aside: 'in the sidebar',
  form: 'in a form',
  // Most of a page is its main content: saying so adds nothing.
  main: '',
};

const MAX_NAME = 32;

function kindOf({ tag, attrs }: ElementFingerprint): string {
  const role = KIND_BY_ROLE[attrs?.role ?? ''];
  if (role) return role;
  if (/^h[1-6]$/.test(tag)) return 'Heading';
  const type = attrs?.type;
  if (tag === 'input' && (type === 'submit' || type === 'button')) return 'Button';
  return KIND_BY_TAG[tag] ?? 'Text';
}

function nameOf({ text, attrs }: ElementFingerprint): string {
  const name = (attrs?.['aria-label'] || attrs?.alt || text || attrs?.title || '')
    .replace(/\s+/g, ' ')
    .trim();
  if (name.length <= MAX_NAME) return name;
  const cut = name.slice(0, MAX_NAME - 1);
  const space = cut.lastIndexOf(' ');
  // Cut between words unless that loses more than half the room.
  return `${(space > MAX_NAME / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** "Button “Sign up” in the navigation", "Image “Lamp” in the header", "Heading “Build faster”". */
export function elementLabel(fingerprint: ElementFingerprint): string {
  const name = nameOf(fingerprint);
  const where = fingerprint.landmark ? WHERE[fingerprint.landmark] : '';
  return [kindOf(fingerprint), name && `“${name}”`, where].filter(Boolean).join(' ');
}
