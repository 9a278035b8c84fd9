import { WAITLIST_CATALOGUE, type WaitlistKey, type WaitlistView } from '@kindling/domain';
import type { WaitingRow } from './repo';

/**
 * The catalogue (or one entry of it) with the team's place on each waitlist. Rows for keys the
 * catalogue no longer holds (a capability since built) are not shown.
 */
export function presentWaitlist(rows: WaitingRow[], only?: WaitlistKey): WaitlistView {
  const waiting = new Map(rows.map((row) => [row.entry, row]));
  return {
    entries: WAITLIST_CATALOGUE.filter((entry) => only === undefined || entry.key === only).map(
      (entry) => {
        const row = waiting.get(entry.key);
        return {
          ...entry,
          waiting: row !== undefined,
          joinedAt: row ? row.joinedAt.toISOString() : null,
          joinedBy: row?.joinedBy ?? null,
        };
      },
    ),
  };
}
