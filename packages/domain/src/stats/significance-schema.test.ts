import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conversionSummary } from './comparison';
import {
  elementSignificanceSchema,
  metricComparisonSchema,
  verdictSchema,
} from './significance-schema';
import { DEFAULT_COMPARISON_SETTINGS, elementSignificance } from './significance';
import { elementVerdict } from './verdict';

const armArbitrary = fc
  .tuple(fc.integer({ min: 0, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([visitors, rate]) => ({ visitors, conversions: Math.round(visitors * rate) }));

const roundTrip = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

describe('significance schemas', () => {
  it('accept every answer of the engine after a JSON round trip', () => {
    fc.assert(
      fc.property(
        armArbitrary,
        fc.array(armArbitrary, { maxLength: 3 }),
        fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        (control, variants, paused) => {
          const answer = elementSignificance({ control, variants, paused });
          expect(elementSignificanceSchema.parse(roundTrip(answer))).toEqual(answer);
          const arms = [control, ...variants];
          const { verdict, comparisons } = elementVerdict({
            arms: arms.map((arm, index) => ({
              variantId: index === 0 ? null : index,
              label: `Variant ${index}`,
              visitors: arm.visitors,
              paused: index > 0 && paused[index - 1]!,
            })),
            metrics: [
              {
                definition: {
                  id: 'goal',
                  name: 'Sign-up',
                  role: 'primary',
                  lowerIsBetter: false,
                  kind: 'conversion',
                },
                arms: arms.map(conversionSummary),
              },
            ],
            srmFlagged: answer.srm.flagged,
            plan: {
              ...DEFAULT_COMPARISON_SETTINGS,
              minimumDetectableEffect: 0.1,
              plannedPerArm: 5000,
            },
          });
          expect(verdictSchema.parse(roundTrip(verdict))).toEqual(verdict);
          for (const comparison of comparisons) {
            expect(metricComparisonSchema.parse(roundTrip(comparison))).toEqual(comparison);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('accept an impossible split, whose statistic is null', () => {
    const answer = elementSignificance({
      control: { visitors: 10, conversions: 1 },
      variants: [{ visitors: 5, conversions: 1 }],
      expectedWeights: [1, 0],
    });
    expect(elementSignificanceSchema.parse(roundTrip(answer)).srm).toEqual({
      statistic: null,
      pValue: 0,
      flagged: true,
    });
  });
});
