/** A source of uniform numbers in [0, 1). The engine never calls Math.random: pass one in. */
export type Prng = () => number;

/**
 * mulberry32 (Tommy Ettinger, 2017; public domain): 32-bit state, passes PractRand to 2^32
 * outputs, plenty for Monte Carlo weights and simulations, and the same sequence everywhere
 * for the same seed.
 */
export function mulberry32(seed: number): Prng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
