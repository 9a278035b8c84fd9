import type { Prng } from './prng';

/** A uniform in (0, 1], safe to take the log of. */
const openUniform = (random: Prng) => 1 - random();

/** A standard normal draw (Box–Muller; one of the pair is used, for simplicity). */
export function sampleNormal(random: Prng): number {
  const radius = Math.sqrt(-2 * Math.log(openUniform(random)));
  return radius * Math.cos(2 * Math.PI * random());
}

/**
 * A Gamma(shape, 1) draw: Marsaglia & Tsang, "A simple method for generating gamma
 * variables", ACM TOMS 26(3), 2000; shapes below 1 through Gamma(shape + 1) · U^(1/shape).
 */
export function sampleGamma(random: Prng, shape: number): number {
  if (!(shape > 0)) throw new RangeError(`Gamma shape must be > 0, got ${shape}`);
  if (shape < 1) return sampleGamma(random, shape + 1) * openUniform(random) ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = sampleNormal(random);
    const v = (1 + c * x) ** 3;
    if (v <= 0) continue;
    const u = openUniform(random);
    if (u < 1 - 0.0331 * x ** 4) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** A Beta(alpha, beta) draw as G1 / (G1 + G2). */
export function sampleBeta(random: Prng, alpha: number, beta: number): number {
  const g1 = sampleGamma(random, alpha);
  const g2 = sampleGamma(random, beta);
  return g1 / (g1 + g2);
}
