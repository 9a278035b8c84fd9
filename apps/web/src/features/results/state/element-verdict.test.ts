import { describe, expect, it } from 'vitest';
import { elementVerdict } from './element-verdict';
import { base, elementAnswer, significance } from './stats-fixtures';

const control = base({ views: 500, visitors: 400 });
const variant = (id: number, s: Parameters<typeof significance>[0]) => ({
  id,
  metrics: base({ views: 500, visitors: 400 }),
  significance: significance(s),
});

describe('element verdict', () => {
  it('has nothing to say before any exposure', () => {
    expect(elementVerdict(undefined)).toEqual({ kind: 'noData' });
    expect(elementVerdict(elementAnswer(1, base({}), []))).toEqual({ kind: 'noData' });
  });

  it('distrusts everything when the split is skewed, even a clear winner', () => {
    const answer = elementAnswer(
      1,
      control,
      [variant(2, { adjustedPValue: 0.001, chanceToBeatControl: 0.999 })],
      true,
    );
    expect(elementVerdict(answer)).toEqual({ kind: 'sampleRatioMismatch', pValue: 0.00001 });
  });

  it('judges a bandit campaign, which answers no SRM, on its significance alone', () => {
    const answer = elementAnswer(
      1,
      control,
      [variant(2, { adjustedPValue: 0.001, chanceToBeatControl: 0.999 })],
      null,
    );
    expect(elementVerdict(answer)).toEqual({
      kind: 'winner',
      variantKey: '2',
      chanceToBeatControl: 0.999,
    });
  });

  it('waits until some variant has enough data', () => {
    const answer = elementAnswer(1, control, [
      variant(2, { enoughData: false, adjustedPValue: 0.001, chanceToBeatControl: 0.99 }),
    ]);
    expect(elementVerdict(answer)).toEqual({ kind: 'notEnoughData' });
  });

  it('names the likeliest of the significant winners', () => {
    const answer = elementAnswer(1, control, [
      variant(2, { adjustedPValue: 0.01, chanceToBeatControl: 0.97 }),
      variant(3, { adjustedPValue: 0.001, chanceToBeatControl: 0.995 }),
      variant(4, { adjustedPValue: 0.2, chanceToBeatControl: 0.999 }),
    ]);
    expect(elementVerdict(answer)).toEqual({
      kind: 'winner',
      variantKey: '3',
      chanceToBeatControl: 0.995,
    });
  });

  it('gives it to the original only when every variant loses significantly', () => {
    const losing = { adjustedPValue: 0.01, chanceToBeatControl: 0.01 };
    expect(elementVerdict(elementAnswer(1, control, [variant(2, losing)]))).toEqual({
      kind: 'originalWins',
    });
    const answer = elementAnswer(1, control, [
      variant(2, losing),
      variant(3, { adjustedPValue: 0.4, chanceToBeatControl: 0.3 }),
    ]);
    expect(elementVerdict(answer)).toEqual({ kind: 'inconclusive' });
  });

  it('calls a raw p-value below 0.05 inconclusive when the Holm-adjusted one is not', () => {
    const answer = elementAnswer(1, control, [
      variant(2, { pValue: 0.03, adjustedPValue: 0.09, chanceToBeatControl: 0.98 }),
    ]);
    expect(elementVerdict(answer)).toEqual({ kind: 'inconclusive' });
  });
});
