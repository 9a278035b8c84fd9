import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elementLabel } from './element-label';
import { LANDMARKS, type ElementFingerprint } from './fingerprint';

describe('elementLabel', () => {
  it.each<[ElementFingerprint, string]>([
    [{ tag: 'button', text: 'Sign Up', landmark: 'nav' }, 'Button “Sign Up” in the navigation'],
    [
      { tag: 'a', text: 'Sign Up', attrs: { role: 'button' }, landmark: 'nav' },
      'Button “Sign Up” in the navigation',
    ],
    [
      { tag: 'img', attrs: { alt: 'Lamp', src: 'lamp.png' }, landmark: 'header' },
      'Image “Lamp” in the header',
    ],
    [{ tag: 'h1', text: 'Build faster', landmark: 'main' }, 'Heading “Build faster”'],
    [{ tag: 'a', text: 'Pricing', landmark: 'footer' }, 'Link “Pricing” in the footer'],
    [
      { tag: 'input', attrs: { type: 'submit', 'aria-label': 'Subscribe' }, landmark: 'form' },
      'Button “Subscribe” in a form',
    ],
    [
      { tag: 'p', text: 'Warm in the evening, bright when you focus' },
      'Paragraph “Warm in the evening, bright…”',
    ],
    [{ tag: 'img' }, 'Image'],
    [{ tag: 'span', text: '  Only   $89 ' }, 'Text “Only $89”'],
  ])('%j -> %s', (fingerprint, label) => expect(elementLabel(fingerprint)).toBe(label));

  it('prefers what assistive technology reads: aria-label, then alt, then the text', () => {
    expect(elementLabel({ tag: 'button', text: '×', attrs: { 'aria-label': 'Close' } })).toBe(
      'Button “Close”',
    );
  });

  it('is one short line for any fingerprint', () => {
    const fingerprint = fc.record(
      {
        tag: fc.constantFrom('a', 'button', 'img', 'h2', 'p', 'div', 'input', 'li'),
        text: fc.string({ maxLength: 40 }),
        attrs: fc.dictionary(
          fc.constantFrom('alt', 'aria-label', 'role', 'title', 'type'),
          fc.string({ maxLength: 80 }),
        ),
        landmark: fc.constantFrom(...LANDMARKS),
      },
      { requiredKeys: ['tag'] },
    );
    fc.assert(
      fc.property(fingerprint, (value) => {
        const label = elementLabel(value);
        expect(label).not.toMatch(/\n|\s{2}|^\s|\s$/);
        expect(label.length).toBeLessThanOrEqual(70);
      }),
    );
  });
});
