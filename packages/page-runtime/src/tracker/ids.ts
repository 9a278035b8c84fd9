import { TRACKER_SESSION_MS } from '@kindling/domain';
import { newId } from './new-id';
import { readJson, save, type Store } from './storage';

export const VISITOR_KEY = 'kindling.vid';
export const SESSION_KEY = 'kindling.sid';
/** What /api/collect accepts as a visitor or session id. */
export const VALID_ID = /^[\w.:-]{1,64}$/;

/** The visitor's first-party id: the first valid one any store holds, else a new one. */
export function visitorId(stores: readonly Store[], newId: () => string): string {
  const id =
    stores
      .map((store) => store.getItem(VISITOR_KEY))
      .find((found) => found && VALID_ID.test(found)) ?? newId();
  save(stores[0]!, VISITOR_KEY, id);
  return id;
}

export interface Session {
  id: string;
  /** When the visitor was last active (ms since the epoch). */
  last: number;
}

/**
 * The session an activity at `now` belongs to: the previous one while the visitor was active
 * within the last 30 minutes, else a new one. A clock that went backwards keeps the session.
 */
export function nextSession(
  previous: Session | undefined,
  now: number,
  newId: () => string,
): Session {
  const live = previous && VALID_ID.test(previous.id) && now - previous.last < TRACKER_SESSION_MS;
  return live
    ? { id: previous.id, last: Math.max(now, previous.last) }
    : { id: newId(), last: now };
}

/** Records activity at `now` and answers the session id it belongs to. */
export function touchSession(store: Store, now = Date.now(), makeId = newId): string {
  const session = nextSession(readJson<Session>(store, SESSION_KEY), now, makeId);
  save(store, SESSION_KEY, JSON.stringify(session));
  return session.id;
}
