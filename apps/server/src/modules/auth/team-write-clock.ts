/**
 * Orders a team's writes (onTeamWrite) against reads of its campaigns still in flight: a read
 * that started before the team's latest write may hold data from before it, and must not be kept
 * as current by a per-process cache.
 */
export function teamWriteClock() {
  let clock = 0;
  const lastWriteOf = new Map<number, number>();
  return {
    /** The team wrote: reads started before now are stale for it. */
    wrote(teamId: number): void {
      lastWriteOf.set(teamId, ++clock);
    },
    /** Taken when a read starts. */
    now: () => clock,
    wroteSince: (teamId: number, readStartedAt: number) =>
      (lastWriteOf.get(teamId) ?? 0) > readStartedAt,
  };
}
