const DAY_MS = 86_400_000;

/** Whole days until `endsAtSeconds` (rounded up), never negative. */
export function daysLeft(endsAtSeconds: number | null | undefined, nowMs: number): number {
  if (!endsAtSeconds) return 0;
  return Math.max(0, Math.ceil((endsAtSeconds * 1000 - nowMs) / DAY_MS));
}
