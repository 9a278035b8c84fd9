import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng';
import { sampleBeta, sampleGamma, sampleNormal } from './random-variates';

const N = 40_000;
const moments = (draw: () => number) => {
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < N; i++) {
    const x = draw();
    sum += x;
    squares += x * x;
  }
  const mean = sum / N;
  return { mean, variance: squares / N - mean * mean };
};

// Seeded, so deterministic; tolerances are about 5 standard errors of the sample moments.
describe('random variates', () => {
  it('draws standard normals', () => {
    const random = mulberry32(1);
    const { mean, variance } = moments(() => sampleNormal(random));
    expect(Math.abs(mean)).toBeLessThan(0.025);
    expect(Math.abs(variance - 1)).toBeLessThan(0.04);
  });

  it('draws gammas with mean and variance equal to the shape', () => {
    for (const shape of [0.5, 1, 3.5, 1000]) {
      const random = mulberry32(2);
      const { mean, variance } = moments(() => sampleGamma(random, shape));
      expect(Math.abs(mean / shape - 1)).toBeLessThan(5 / Math.sqrt(N * shape));
      expect(Math.abs(variance / shape - 1)).toBeLessThan(0.06);
    }
  });

  it('draws betas with the right mean and variance', () => {
    const random = mulberry32(3);
    const [a, b] = [21, 81];
    const { mean, variance } = moments(() => sampleBeta(random, a, b));
    const wantMean = a / (a + b);
    const wantVariance = (a * b) / ((a + b) ** 2 * (a + b + 1));
    expect(Math.abs(mean - wantMean)).toBeLessThan(5 * Math.sqrt(wantVariance / N));
    expect(Math.abs(variance / wantVariance - 1)).toBeLessThan(0.05);
  });
});
