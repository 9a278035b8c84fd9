import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localSuggestions } from './local-text-provider';
import {
  maxSuggestionLength,
  suggestionKey,
  TEXT_TONES,
  type TextGenerationRequest,
} from './text-provider';

const suggest = (value: string, options: Partial<TextGenerationRequest> = {}) =>
  localSuggestions({ value, count: 3, currentVariants: [], ...options });

/** Words that exercise the rules: verbs, objects, fillers, names, odd casing and punctuation. */
const VOCABULARY = [
  'Start',
  'start',
  'free',
  'trial',
  'Get',
  'started',
  'Buy',
  'now',
  'your',
  'our',
  'the',
  'We',
  'help',
  'teams',
  'grow',
  'faster',
  'really',
  'just',
  'in',
  'order',
  'to',
  'Kindling',
  'AI',
  'newsletter',
  'Join',
  'you',
  'can',
  'today',
  'SALE',
  '20%',
  'off',
  'Learn',
  'more',
  '!',
  '?',
  '.',
  '…',
  '—',
  'Psst',
  'über',
  '東京',
  '🚀',
  'a',
  'and',
];
const wordText = fc
  .array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 40 })
  .map((list) => list.join(' '));
const anyText = fc.oneof(
  { weight: 4, arbitrary: wordText },
  { weight: 2, arbitrary: fc.string({ maxLength: 120 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1900, maxLength: 2000 }) },
);
const tone = fc.option(fc.oneof(fc.constantFrom(...TEXT_TONES), fc.string({ maxLength: 12 })), {
  nil: undefined,
});
const request = fc.record({
  value: anyText,
  count: fc.integer({ min: 1, max: 10 }),
  tone,
  additional: fc.option(fc.oneof(wordText, fc.string({ maxLength: 300 })), { nil: undefined }),
  currentVariants: fc.array(anyText, { maxLength: 6 }),
});

/** Same text for the rules' purposes: other case, extra or missing whitespace. */
const mangle = (text: string, i: number) =>
  i % 2 === 0 ? ` ${text.toUpperCase()}  ` : text.toLowerCase().replaceAll(' ', '\n  ');

describe('local text provider: properties', () => {
  it('returns at most count distinct, non-blank suggestions unlike the value and the current ones', () => {
    fc.assert(
      fc.property(request, (input) => {
        const result = localSuggestions(input);
        expect(result.length).toBeLessThanOrEqual(input.count);
        const keys = result.map(suggestionKey);
        expect(new Set(keys).size).toBe(keys.length);
        const taken = new Set([input.value, ...input.currentVariants].map(suggestionKey));
        for (const suggestion of result) {
          expect(suggestion.trim()).not.toBe('');
          expect(suggestion).toBe(suggestion.trim());
          expect(taken.has(suggestionKey(suggestion))).toBe(false);
          expect(suggestion.length).toBeLessThanOrEqual(maxSuggestionLength(input.value));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(request, (input) => {
        expect(localSuggestions(input)).toEqual(localSuggestions(structuredClone(input)));
      }),
    );
  });

  it('skips earlier suggestions sent back in another case or spacing', () => {
    fc.assert(
      fc.property(wordText, tone, (value, chosen) => {
        const first = localSuggestions({ value, count: 5, tone: chosen, currentVariants: [] });
        const again = localSuggestions({
          value,
          count: 5,
          tone: chosen,
          currentVariants: first.map(mangle),
        });
        const earlier = new Set(first.map(suggestionKey));
        expect(again.filter((text) => earlier.has(suggestionKey(text)))).toEqual([]);
      }),
    );
  });

  it('keeps handing out new suggestions as the pool grows, until the rules run out', () => {
    fc.assert(
      fc.property(wordText, tone, (value, chosen) => {
        const pool: string[] = [];
        for (let round = 0; round < 50; round += 1) {
          const next = localSuggestions({ value, count: 3, tone: chosen, currentVariants: pool });
          if (next.length === 0) break;
          pool.push(...next);
        }
        expect(new Set(pool.map(suggestionKey)).size).toBe(pool.length);
        expect(localSuggestions({ value, count: 10, tone: chosen, currentVariants: pool })).toEqual(
          [],
        );
      }),
      { numRuns: 50 },
    );
  });
});

describe('local text provider: examples', () => {
  it('turns a button text into fuller calls to action', () => {
    expect(suggest('Start free trial', { count: 5 })).toEqual([
      'Claim your free trial today',
      'Get your free trial',
      'Get started free',
      'Start your free trial today',
      'Try it free',
    ]);
  });

  it('writes in the requested tone, case-insensitively', () => {
    expect(suggest('Start free trial', { tone: 'urgent' })).toEqual([
      'Claim your free trial now',
      'Start your free trial now',
      'Get started free',
    ]);
    expect(suggest('Start free trial', { tone: ' URGENT ' })).toEqual(
      suggest('Start free trial', { tone: 'urgent' }),
    );
    expect(suggest('Learn more', { tone: 'playful' })).toContain('Go on, learn more');
    expect(suggest('Buy now', { tone: 'bold' })).toEqual([
      'Get yours today',
      'Order today',
      'Add it to my basket',
    ]);
  });

  it('reads an unknown or missing tone as professional', () => {
    const professional = suggest('Grow your business faster', { tone: 'professional', count: 10 });
    expect(suggest('Grow your business faster', { tone: 'sarcastic', count: 10 })).toEqual(
      professional,
    );
    expect(suggest('Grow your business faster', { count: 10 })).toEqual(professional);
  });

  it('never glues the objective or filler onto the copy', () => {
    fc.assert(
      fc.property(request, (input) => {
        const { additional: _objective, ...withoutObjective } = input;
        expect(localSuggestions(input)).toEqual(localSuggestions(withoutObjective));
      }),
    );
    const bootstrap =
      "Bootstrap is amazing. I've been using it to create tons of websites and landing pages.";
    for (const tone of TEXT_TONES) {
      for (const text of suggest(bootstrap, { tone, additional: 'trust', count: 10 })) {
        expect(text).not.toMatch(/trust/i);
      }
      expect(suggest('What people are saying...', { tone, count: 10 })).toEqual([
        "Here's what people are saying",
        'See what people are saying',
        'Find out what people are saying',
      ]);
    }
  });

  it('keeps a rewrite within the room the original has', () => {
    expect(maxSuggestionLength('Buy now')).toBe(27);
    expect(maxSuggestionLength('x'.repeat(60))).toBe(120);
    expect(maxSuggestionLength('x'.repeat(100))).toBe(150);
    expect(maxSuggestionLength('x'.repeat(1000))).toBe(1080);
    for (const tone of TEXT_TONES) {
      for (const text of suggest('Sign up', { tone, count: 10 })) {
        expect(text.length).toBeLessThanOrEqual(maxSuggestionLength('Sign up'));
      }
    }
  });

  it('offers question and headline forms for longer texts', () => {
    const longer = suggest('Grow your business faster with smart analytics', { count: 10 });
    expect(longer).toContain('Want to grow your business faster with smart analytics?');
    expect(longer).toContain("Here's how to grow your business faster with smart analytics");
    expect(suggest('You can build a landing page in minutes', { count: 10 })).toContain(
      'What if you could build a landing page in minutes?',
    );
    expect(suggest('We help small teams ship better websites.', { count: 10 })).toContain(
      "Here's how we help small teams ship better websites.",
    );
    expect(suggest('The best coffee in town', { count: 10 })).toContain(
      'Looking for the best coffee in town?',
    );
  });

  it('trims filler words and calms punctuation', () => {
    expect(
      suggest('We really just want to help you grow!!!', { tone: 'friendly', count: 10 }),
    ).toContain('We want to help you grow!');
    expect(suggest('You are able to start in order to learn', { count: 10 })).toContain(
      'You can start to learn',
    );
  });

  it("keeps the text's own case style and names", () => {
    for (const text of suggest('START FREE TRIAL', { count: 10 })) {
      expect(text).toBe(text.toUpperCase());
    }
    expect(suggest('Start Free Trial', { count: 2 })).toEqual([
      'Claim Your Free Trial Today',
      'Get Your Free Trial',
    ]);
    expect(
      suggest('Kindling helps marketers test ideas.', { tone: 'friendly', count: 10 }),
    ).toContain('See why people switch to Kindling');
    expect(suggest('Summer collection', { count: 3 })).toContain('Discover our summer collection');
  });

  it('returns fewer than asked when the rules run out, and nothing for text without words', () => {
    const few = suggest('Join our newsletter', { count: 10 });
    expect(few.length).toBeGreaterThan(0);
    expect(few.length).toBeLessThan(10);
    expect(suggest('  !!! ', { count: 5 })).toEqual([]);
    expect(suggest('', { count: 5 })).toEqual([]);
  });

  it('leaves out suggestions the element already has', () => {
    expect(
      suggest('Start free trial', {
        currentVariants: ['start your FREE trial today', 'Get   started free'],
      }),
    ).toEqual(['Claim your free trial today', 'Get your free trial', 'Try it free']);
  });

  it('lets long texts grow by half, at most 80 characters', () => {
    const long = `${'Our platform helps every team ship faster. '.repeat(20)}Try it.`;
    const result = suggest(long, { count: 10, additional: 'x'.repeat(200) });
    expect(result.length).toBeGreaterThan(0);
    for (const text of result) expect(text.length).toBeLessThanOrEqual(maxSuggestionLength(long));
  });
});
