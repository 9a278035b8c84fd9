import type { Arm } from '@kindling/domain';

// The events of POST /api/collect (docs/api.md "Collecting events").

interface EventBase {
  id: string;
  campaignId: number;
  visitorId: string;
  sessionId: string;
  ts: number;
  url: string;
  /** The burner page's collect key, on Kindling's own pages only. */
  collectKey?: string;
}

export type TrackerEvent = EventBase &
  (
    | {
        type: 'exposure';
        assignments: Record<string, Arm>;
        applied: Record<string, number | null>;
        /** Elements found by fingerprint, their selector having failed. */
        healed?: number[];
        /** The referrer's host; left out without one. */
        referrer: string | undefined;
        /** The visitor id was stored before this page load. */
        returning: boolean;
        /** In the team's global holdout: no change was made. */
        holdout?: true;
      }
    | { type: 'goal'; goalId: number }
    | { type: 'revenue'; amount: number }
  );

/** A campaign's exposures count for goals and revenue this long (the conversion window). */
export const CONVERSION_WINDOW_MS = 604_800_000;
export const SEEN_KEY = 'kindling.seen';

/** Campaign id -> last exposure time; keeps only exposures inside the conversion window. */
export function liveExposures(
  seen: Record<string, number> | undefined,
  now: number,
): Record<string, number> {
  const live: Record<string, number> = {};
  for (const [id, at] of Object.entries(seen ?? {})) {
    if (typeof at === 'number' && now - at < CONVERSION_WINDOW_MS) live[id] = at;
  }
  return live;
}
