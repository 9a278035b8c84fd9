import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withPossessive, verbSwaps } from './cta-rewrites';
import {
  calmPunctuation,
  caseStyleOf,
  lowerFirst,
  sentenceCase,
  titleCase,
  trimFiller,
} from './text-rewrites';
import { pickSuggestions, resolveTone, suggestionKey } from './text-provider';

describe('text rewrites', () => {
  it('writes title and sentence case, keeping acronyms', () => {
    expect(titleCase('start your free trial with the AI coach')).toBe(
      'Start Your Free Trial with the AI Coach',
    );
    expect(titleCase('BUY NOW')).toBe('Buy Now');
    expect(sentenceCase('Start Your Free Trial With The AI Coach. It Works')).toBe(
      'Start your free trial with the AI coach. It works',
    );
    expect(sentenceCase('BIG SUMMER SALE')).toBe('Big summer sale');
  });

  it('tells the case style of a text', () => {
    expect(caseStyleOf('START FREE TRIAL')).toBe('upper');
    expect(caseStyleOf('Start Free Trial')).toBe('title');
    expect(caseStyleOf('Get 20% Off the First Order')).toBe('title');
    expect(caseStyleOf('Start free trial')).toBe('as-written');
    expect(caseStyleOf('AI')).toBe('upper');
    expect(caseStyleOf('Pricing')).toBe('as-written');
  });

  it('lowers only ordinary first words', () => {
    expect(lowerFirst('We help teams')).toBe('we help teams');
    expect(lowerFirst('Start now')).toBe('start now');
    expect(lowerFirst('Kindling helps teams')).toBe('Kindling helps teams');
    expect(lowerFirst('AI that writes')).toBe('AI that writes');
    expect(lowerFirst('I love it')).toBe('I love it');
  });

  it('trims filler words and wordy phrases', () => {
    expect(trimFiller('Just really start now')).toBe('Start now');
    expect(trimFiller('We are able to help in order to grow, basically.')).toBe(
      'We can help to grow.',
    );
    expect(trimFiller('Very')).toBe('Very');
    expect(trimFiller('Basically, we grow.')).toBe('We grow.');
    expect(calmPunctuation('Wow!!! Really?!?')).toBe('Wow! Really?');
  });

  it('never trims a text with letters down to nothing', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        if (/\p{L}/u.test(text)) expect(trimFiller(text)).toMatch(/\p{L}/u);
      }),
    );
  });

  it('gives instructions an owner and other verbs', () => {
    expect(withPossessive('Start free trial')).toBe('Start your free trial');
    expect(withPossessive('Join newsletter')).toBe('Join our newsletter');
    expect(withPossessive('Get started')).toBeNull();
    expect(withPossessive('Start your trial')).toBeNull();
    expect(withPossessive('Learn more')).toBeNull();
    expect(verbSwaps('Get 20% off')).toEqual(['Claim 20% off', 'Grab 20% off']);
    expect(verbSwaps('Buy now')).toEqual([]);
    expect(verbSwaps('Get started')).toEqual([]);
  });
});

describe('suggestion rules shared by every provider', () => {
  it('resolves tones case-insensitively with a professional default', () => {
    expect(resolveTone('Playful')).toBe('playful');
    expect(resolveTone(undefined)).toBe('professional');
    expect(resolveTone('constructor')).toBe('professional');
  });

  it('compares suggestions without case or whitespace', () => {
    expect(suggestionKey(' Start  your\nTrial ')).toBe(suggestionKey('start your trial'));
  });

  it('picks distinct, non-blank candidates within the limits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 300 })),
        fc.string({ maxLength: 300 }),
        fc.array(fc.string()),
        fc.integer({ min: 0, max: 12 }),
        (candidates, value, exclude, count) => {
          const picked = pickSuggestions({ candidates, value, exclude, count });
          expect(picked.length).toBeLessThanOrEqual(count);
          const keys = picked.map(suggestionKey);
          expect(new Set(keys).size).toBe(keys.length);
          const taken = new Set([value, ...exclude].map(suggestionKey));
          for (const [i, text] of picked.entries()) {
            expect(keys[i]).not.toBe('');
            expect(taken.has(keys[i]!)).toBe(false);
            expect(text.length).toBeLessThanOrEqual(Math.max(200, value.length + 80));
          }
        },
      ),
    );
  });
});
