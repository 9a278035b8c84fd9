import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestMatch,
  FINGERPRINT_THRESHOLD,
  LANDMARKS,
  scoreFingerprint,
  type ElementFingerprint,
} from './fingerprint';
import { elementFingerprintSchema } from './fingerprint-schema';

const fingerprint: fc.Arbitrary<ElementFingerprint> = fc.record(
  {
    tag: fc.constantFrom('a', 'button', 'img', 'h1', 'p', 'div'),
    text: fc.string({ maxLength: 40 }),
    attrs: fc.dictionary(
      fc.constantFrom('id', 'href', 'alt', 'name', 'data-testid', 'role'),
      fc.string({ maxLength: 20 }),
      { maxKeys: 6 },
    ),
    classes: fc.array(fc.constantFrom('btn', 'primary', 'cta', 'nav-link'), { maxLength: 3 }),
    landmark: fc.constantFrom(...LANDMARKS),
    path: fc.array(fc.constantFrom('div', 'section', 'nav', 'header', 'body'), { maxLength: 3 }),
    index: fc.nat({ max: 50 }),
  },
  { requiredKeys: ['tag'] },
);

const signUp: ElementFingerprint = {
  tag: 'a',
  text: 'Sign up',
  attrs: { href: '/signup' },
  classes: ['btn-primary'],
  landmark: 'nav',
  path: ['li', 'ul', 'nav'],
  index: 2,
};

describe('scoreFingerprint', () => {
  it('scores 1 for the same element and 0 for another tag', () => {
    fc.assert(
      fc.property(fingerprint, (value) => {
        // A fingerprint holding nothing but its tag (an empty dictionary of attributes
        // included) has nothing to compare: it scores 0, so it never heals to just any element.
        expect(scoreFingerprint(value, value)).toBe(
          value.text ||
            Object.keys(value.attrs ?? {}).length ||
            value.classes?.length ||
            value.landmark ||
            value.path?.length ||
            value.index !== undefined
            ? 1
            : 0,
        );
        expect(scoreFingerprint(value, { ...value, tag: `x-${value.tag}` })).toBe(0);
      }),
    );
  });

  it('stays between 0 and 1', () => {
    fc.assert(
      fc.property(fingerprint, fingerprint, (a, b) => {
        const score = scoreFingerprint(a, b);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('never scores a candidate higher for losing a feature the stored element has', () => {
    fc.assert(
      fc.property(fingerprint, (stored) => {
        const full = scoreFingerprint(stored, stored);
        expect(scoreFingerprint(stored, { ...stored, text: undefined })).toBeLessThanOrEqual(full);
        expect(scoreFingerprint(stored, { ...stored, attrs: {} })).toBeLessThanOrEqual(full);
        expect(scoreFingerprint(stored, { ...stored, classes: [] })).toBeLessThanOrEqual(full);
      }),
    );
  });

  it('still knows the element after a class rename and a sibling inserted before it', () => {
    const moved = { ...signUp, classes: ['button--primary'], index: 3 };
    expect(scoreFingerprint(signUp, moved)).toBeGreaterThanOrEqual(FINGERPRINT_THRESHOLD);
  });

  it('does not take its neighbour for it: same place and class, other text and link', () => {
    const logIn = { ...signUp, text: 'Log in', attrs: { href: '/login' } };
    expect(scoreFingerprint(signUp, logIn)).toBeLessThan(FINGERPRINT_THRESHOLD);
  });

  it('takes a cut or lightly edited text for the same', () => {
    const heading = { tag: 'h1', text: 'The desk lamp that follows your day' };
    expect(scoreFingerprint(heading, { tag: 'h1', text: 'The desk lamp' })).toBeGreaterThan(0.8);
    expect(
      scoreFingerprint(heading, { tag: 'h1', text: 'The desk lamp that follows you all day' }),
    ).toBeGreaterThanOrEqual(FINGERPRINT_THRESHOLD);
  });
});

describe('bestMatch', () => {
  it('answers the best candidate at or over the threshold, or none', () => {
    const logIn = { ...signUp, text: 'Log in', attrs: { href: '/login' }, index: 2 };
    const moved = { ...signUp, classes: [], index: 3 };
    expect(bestMatch(signUp, [logIn, moved], (x) => x)).toBe(moved);
    expect(bestMatch(signUp, [logIn], (x) => x)).toBeUndefined();
    expect(bestMatch(signUp, [], (x) => x)).toBeUndefined();
  });

  it('never answers a candidate under the threshold', () => {
    fc.assert(
      fc.property(fingerprint, fc.array(fingerprint, { maxLength: 8 }), (stored, candidates) => {
        const best = bestMatch(stored, candidates, (x) => x);
        if (best === undefined) {
          candidates.forEach((c) =>
            expect(scoreFingerprint(stored, c)).toBeLessThan(FINGERPRINT_THRESHOLD),
          );
        } else {
          const top = Math.max(...candidates.map((c) => scoreFingerprint(stored, c)));
          expect(scoreFingerprint(stored, best)).toBe(top);
          expect(top).toBeGreaterThanOrEqual(FINGERPRINT_THRESHOLD);
        }
      }),
    );
  });
});

describe('elementFingerprintSchema', () => {
  it('takes what the editor builds and keeps it small', () => {
    expect(elementFingerprintSchema.parse(signUp)).toEqual(signUp);
    expect(elementFingerprintSchema.safeParse({ ...signUp, text: 'x'.repeat(41) }).success).toBe(
      false,
    );
    expect(elementFingerprintSchema.safeParse({ ...signUp, tag: '<script>' }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`data-${i}`, 'x']));
    expect(elementFingerprintSchema.safeParse({ ...signUp, attrs: many }).success).toBe(false);
  });
});
