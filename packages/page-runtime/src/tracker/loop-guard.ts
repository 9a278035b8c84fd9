// A page whose framework undoes our change on every render would otherwise start a fight: we
// re-apply, it re-renders, for ever (a known way the leading open-source tool hangs pages).

export const LOOP_LIMIT = 5;
export const LOOP_WINDOW_MS = 1000;
export const MAX_PAUSE_MS = 30_000;

/**
 * Allows at most LOOP_LIMIT re-applies per LOOP_WINDOW_MS. Past that it pauses for a second,
 * then two, four... up to 30 s, and calls `onTrip` once per pause so the page can be told.
 * Answers 0 when one more re-apply may run now, else the ms until it may.
 */
export function createLoopGuard(now: () => number, onTrip: (pauseMs: number) => void) {
  let recent: number[] = [];
  let pausedUntil = 0;
  let pauseMs = LOOP_WINDOW_MS;
  return (): number => {
    const time = now();
    if (time < pausedUntil) return pausedUntil - time;
    recent = recent.filter((at) => time - at < LOOP_WINDOW_MS);
    if (recent.push(time) <= LOOP_LIMIT) return 0;
    recent = [];
    pausedUntil = time + pauseMs;
    onTrip(pauseMs);
    pauseMs = Math.min(pauseMs * 2, MAX_PAUSE_MS);
    return pausedUntil - time;
  };
}

export type LoopGuard = ReturnType<typeof createLoopGuard>;
