import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inAudience, matchesCondition, type Condition, type VisitorAttributes } from './audience';

const words = fc.constantFrom('', 'ads', 'Ads', 'newsletter', 'pro', '12', 'en-GB');
const visitors: fc.Arbitrary<VisitorAttributes> = fc.record(
  {
    deviceType: fc.constantFrom('phone', 'tablet', 'desktop'),
    visits: fc.nat(20),
    utmSource: words,
    language: words,
    cookies: fc.dictionary(fc.constantFrom('consent', 'ab'), words),
    attributes: fc.dictionary(
      fc.constantFrom('plan', 'seats'),
      fc.oneof(words, fc.nat(20), fc.boolean()),
    ),
  },
  { requiredKeys: [] },
);
const conditions: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({
    attribute: fc.constant('deviceType' as const),
    operator: fc.constantFrom('is' as const, 'isNot' as const),
    value: fc.constantFrom('phone', 'desktop'),
  }),
  fc.record({
    attribute: fc.constant('visits' as const),
    operator: fc.constantFrom('atLeast' as const, 'atMost' as const),
    value: fc.nat(20),
  }),
  fc.record({
    attribute: fc.constantFrom('utmSource' as const, 'language' as const),
    operator: fc.constantFrom(
      'is' as const,
      'isNot' as const,
      'contains' as const,
      'startsWith' as const,
    ),
    value: words,
  }),
  fc.record({
    attribute: fc.constantFrom('cookie' as const, 'attribute' as const),
    name: fc.constantFrom('consent', 'plan', 'seats'),
    operator: fc.constantFrom('exists' as const, 'notExists' as const),
  }),
);

describe('audiences (properties)', () => {
  it('all is every condition, any is some, none is everyone', () => {
    fc.assert(
      fc.property(fc.array(conditions, { maxLength: 5 }), visitors, (list, visitor) => {
        const each = list.map((condition) => matchesCondition(condition, visitor));
        const none = list.length === 0;
        expect(inAudience({ match: 'all', conditions: list }, visitor)).toBe(each.every(Boolean));
        expect(inAudience({ match: 'any', conditions: list }, visitor)).toBe(
          none || each.some(Boolean),
        );
        expect(inAudience(undefined, visitor)).toBe(true);
      }),
    );
  });

  it('"is not" is the opposite of "is", and "does not exist" of "exists"', () => {
    fc.assert(
      fc.property(conditions, visitors, (condition, visitor) => {
        const opposite: Partial<Record<Condition['operator'], Condition['operator']>> = {
          is: 'isNot',
          isNot: 'is',
          exists: 'notExists',
          notExists: 'exists',
        };
        const other = opposite[condition.operator];
        fc.pre(other !== undefined);
        const flipped = { ...condition, operator: other } as Condition;
        expect(matchesCondition(flipped, visitor)).toBe(!matchesCondition(condition, visitor));
      }),
    );
  });

  it('at least n and at most n - 1 never both hold, and one does for a known number', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.option(fc.nat(30), { nil: undefined }), (n, visits) => {
        const atLeast = matchesCondition(
          { attribute: 'visits', operator: 'atLeast', value: n },
          { visits },
        );
        const below = matchesCondition(
          { attribute: 'visits', operator: 'atMost', value: n - 1 },
          { visits },
        );
        expect(atLeast && below).toBe(false);
        expect(atLeast || below).toBe(visits !== undefined);
      }),
    );
  });
});
