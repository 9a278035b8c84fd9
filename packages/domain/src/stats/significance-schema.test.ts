import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elementSignificanceSchema } from './significance-schema';
import { campaignSignificance } from './significance';

const armArbitrary = fc
  .tuple(fc.integer({ min: 0, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([visitors, rate]) => ({ visitors, conversions: Math.round(visitors * rate) }));

describe('significance schemas', () => {
  it('accept every answer of the engine after a JSON round trip', () => {
    const element = fc.record({
      control: armArbitrary,
      variants: fc.array(armArbitrary, { maxLength: 3 }),
      expectedWeights: fc.constant(undefined),
    });
    fc.assert(
      fc.property(fc.array(element, { minLength: 1, maxLength: 3 }), (elements) => {
        const { elements: answers } = campaignSignificance({ elements });
        for (const answer of answers) {
          const parsed = elementSignificanceSchema.parse(JSON.parse(JSON.stringify(answer)));
          expect(parsed).toEqual(answer);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('accept an impossible split, whose statistic is null', () => {
    const [answer] = campaignSignificance({
      elements: [
        {
          control: { visitors: 10, conversions: 1 },
          variants: [{ visitors: 5, conversions: 1 }],
          expectedWeights: [1, 0],
        },
      ],
    }).elements;
    expect(elementSignificanceSchema.parse(JSON.parse(JSON.stringify(answer))).srm).toEqual({
      statistic: null,
      pValue: 0,
      flagged: true,
    });
  });
});
