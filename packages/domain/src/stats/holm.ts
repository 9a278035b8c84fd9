/**
 * Holm's step-down adjustment (Holm, "A simple sequentially rejective multiple test
 * procedure", Scand. J. Statist. 6, 1979), in the adjusted-p form of R's `p.adjust(p, "holm")`:
 * sorted ascending, p̃(i) = max_{j<=i} min(1, (m - j + 1) p(j)). Rejecting p̃ < α controls the
 * family-wise error rate at α. Answers in the input order.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  for (const p of pValues) {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`p-values lie in [0, 1], got ${p}`);
  }
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m);
  let runningMax = 0;
  order.forEach(({ p, index }, rank) => {
    runningMax = Math.max(runningMax, Math.min(1, (m - rank) * p));
    adjusted[index] = runningMax;
  });
  return adjusted;
}
