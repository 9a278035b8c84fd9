import { describe, expect, it } from 'vitest';
import { sharedWordShare, topicOf } from './copy-facts';
import { localSuggestions } from './local-text-provider';
import { maxSuggestionLength, suggestionKey, TEXT_TONES } from './text-provider';

// The bar for offline suggestions (issue 35): written anew from copywriting patterns, not the
// original with filler glued on.

const ORIGINALS = [
  // Buttons
  'Start free trial',
  'Sign up',
  'Buy now',
  'Learn more',
  'Add to cart',
  'Book a demo',
  'Join our newsletter',
  'Get started',
  // Headlines
  'Grow your business faster with smart analytics',
  'The best coffee in town',
  'Invoices that get paid on time',
  'Fresh bread delivered every morning',
  'We help small teams ship better websites.',
  // Taglines
  'Your money, managed',
  'Kindling helps marketers test ideas.',
  'Summer collection',
  'Pricing',
];

const FILLER_ENDING =
  /(No compromises\.|We're here to help\.|Take a look around\.|You'll love it\.|Come and see\.|Act now\.|Don't miss out\.|Learn more\.|See how it works\.|!)$/u;

const fresh = (suggestion: string, original: string) => sharedWordShare(suggestion, original) < 0.5;

describe('offline suggestions from copywriting patterns', () => {
  for (const original of ORIGINALS) {
    for (const tone of TEXT_TONES) {
      it(`"${original}" in a ${tone} tone: new wording, distinct, within limits, no filler`, () => {
        const got = localSuggestions({ value: original, tone, count: 3, currentVariants: [] });
        expect(got).toHaveLength(3);
        expect(
          got.filter((text) => fresh(text, original)).length,
          got.join(' | '),
        ).toBeGreaterThanOrEqual(2);
        const keys = got.map(suggestionKey);
        expect(new Set(keys).size).toBe(3);
        expect(keys).not.toContain(suggestionKey(original));
        for (const text of got) {
          expect(text.length).toBeLessThanOrEqual(maxSuggestionLength(original));
          expect(text).not.toMatch(FILLER_ENDING);
        }
      });
    }
  }

  it('is stable for the same input and follows the tone', () => {
    const ask = (tone: string) =>
      localSuggestions({ value: 'The best coffee in town', tone, count: 3, currentVariants: [] });
    expect(ask('urgent')).toEqual(ask('urgent'));
    expect(ask('urgent')[0]).toBe("Don't wait: get coffee today");
    expect(ask('professional')[0]).toBe('See why people switch to coffee');
    expect(ask('friendly')).not.toEqual(ask('urgent'));
  });

  it('mentions what the instructions ask for', () => {
    for (const value of [
      'Start free trial',
      'Grow your business faster',
      'The best coffee in town',
    ]) {
      const got = localSuggestions({
        value,
        count: 3,
        currentVariants: [],
        instructions: 'Mention the free trial',
      });
      expect(
        got.filter((text) => /free trial/iu.test(text)).length,
        got.join(' | '),
      ).toBeGreaterThanOrEqual(1);
    }
    expect(
      localSuggestions({
        value: 'Start free trial',
        count: 3,
        currentVariants: [],
        instructions: 'mention the 14-day free trial',
      }),
    ).toContain('Try it free for 14 days');
  });

  it("writes about the page's saved offer and audience", () => {
    const got = localSuggestions({
      value: 'Invoices that get paid on time',
      tone: 'professional',
      count: 5,
      currentVariants: [],
      pageContext: {
        offer: 'Online bookkeeping, 30-day free trial',
        audience: 'freelancers and small agencies',
        voice: '',
        avoidWords: [],
      },
    });
    expect(got[0]).toBe('Online bookkeeping built for freelancers and small agencies');
    expect(got).toContain('30-day free trial: online bookkeeping');
  });

  it('finds the topic a pattern writes about', () => {
    expect(topicOf('Start free trial')).toBe('free trial');
    expect(topicOf('Get started')).toBeNull();
    expect(topicOf('Grow your business faster with smart analytics')).toBe('smart analytics');
    expect(topicOf('The best coffee in town')).toBe('coffee');
    expect(topicOf('We help small teams ship better websites.')).toBe('websites');
    expect(topicOf('Kindling helps marketers test ideas.')).toBe('Kindling');
  });
});
