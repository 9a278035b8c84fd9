// The ten changes both tools make on the same fixture page (e2e/fixtures/tracker-landing.html):
// a text change on ten elements, as a visual editor would target them (tag and class selectors).

export interface TextChange {
  selector: string;
  /** The element's text on the fixture page, whitespace collapsed. */
  original: string;
  variant: string;
}

export const FIXTURE_PAGE = 'tracker-landing.html';

export const CHANGES: readonly TextChange[] = [
  { selector: '.logo', original: 'Lumen', variant: 'Lumen Lamps' },
  { selector: 'nav a[href="#features"]', original: 'Features', variant: 'Why Lumen' },
  { selector: 'nav a[href="#reviews"]', original: 'Reviews', variant: 'What owners say' },
  {
    selector: 'h1',
    original: 'The desk lamp that follows your day',
    variant: 'Light that moves with the sun',
  },
  {
    selector: '.lead',
    original:
      'Warm in the evening, bright when you focus: Lumen changes colour temperature with the sun, all by itself.',
    variant: 'Lumen shifts from bright focus light to a warm evening glow, on its own.',
  },
  { selector: '#buy', original: 'Buy now — $89', variant: 'Get yours — $89' },
  {
    selector: '.feature:nth-child(1) h3',
    original: 'Follows the sun',
    variant: 'Tuned to daylight',
  },
  { selector: '.feature:nth-child(2) h3', original: 'No app needed', variant: 'Just one dial' },
  {
    selector: '.feature:nth-child(3) h3',
    original: 'Five-year warranty',
    variant: 'Five years covered',
  },
  {
    selector: '.feature:nth-child(3) p',
    original: 'Replaced, not repaired, if it fails.',
    variant: 'A new lamp if yours ever fails.',
  },
];

/**
 * Runs in the page: the selectors whose text is not `expected` (all of them are checked, so a
 * failure names every element that was missed).
 */
export function textMismatches(
  checks: { selector: string; expected: string }[],
): { selector: string; text: string | null }[] {
  return checks
    .map(({ selector, expected }) => {
      const text = document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
      return { selector, expected, text: text ?? null };
    })
    .filter(({ expected, text }) => text !== expected)
    .map(({ selector, text }) => ({ selector, text }));
}
