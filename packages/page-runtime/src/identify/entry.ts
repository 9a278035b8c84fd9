import {
  identityHashInput,
  IDENTITY_MESSAGES,
  validUserId,
  type IdentifyAnswer,
} from '@kindling/domain';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { VALID_ID, VISITOR_KEY } from '../tracker/ids';
import type { IdentifyCall } from '../tracker/load-part';
import { newId } from '../tracker/new-id';
import { cookieStore, localStore, memoryStore, save } from '../tracker/storage';

// GET /api/tracker/{team}/identify.js (issue 31): loaded by the tracker after `load` when the
// page calls `kindling('identify', userId)`, outside the tracker's size budget. It hashes the
// user id here (the raw id never leaves the page), tells Kindling this device's visitor id for
// that identity, and keeps the visitor id Kindling answers: the identity's first one. The
// tracker draws arms from the visitor id, so from the next page load this device gets the arms
// the identity's first device got (the rule in full: packages/domain/src/identity.ts).

/** The identity hash this device's visitor id is linked to. */
export const LINKED_KEY = 'kindling.idh';

/** The identity's hash: SHA-256 of the team's salt and the user id, in hex. */
export const identityHash = (teamSlug: string, userId: string): string =>
  bytesToHex(sha256(utf8ToBytes(identityHashInput(teamSlug, userId))));

/** Links the call's user id; `partUrl` is this script's own address, beside the team's config. */
export async function identify(
  [userId, deviceVisitorId]: IdentifyCall,
  partUrl: string,
): Promise<void> {
  const team = /\/tracker\/([^/]+)\/identify\.js/.exec(partUrl)?.[1];
  if (!team) return;
  if (!validUserId(userId)) {
    console.warn(IDENTITY_MESSAGES.userId);
    return;
  }
  const identity = identityHash(decodeURIComponent(team), userId);
  const local = localStore();
  const store = local ?? memoryStore();
  const linked = store.getItem(LINKED_KEY);
  if (linked === identity) return;
  // A device linked to someone else: this person gets an id of their own, not the other's.
  const visitorId = linked ? newId() : deviceVisitorId;
  const response = await fetch(partUrl.replace(/\.js.*/, ''), {
    method: 'POST',
    // text/plain: a CORS simple request, no preflight.
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ identity, visitorId }),
    keepalive: true,
  });
  if (!response.ok) return;
  const answer = (await response.json()) as IdentifyAnswer;
  if (!VALID_ID.test(answer.visitorId)) return;
  // Where the tracker reads the visitor id first (ids.ts visitorId).
  save(local ?? cookieStore(), VISITOR_KEY, answer.visitorId);
  save(store, LINKED_KEY, identity);
}

const call = window.kindlingParts?.identify;
const partUrl = (document.currentScript as HTMLScriptElement | null)?.src;
if (call && partUrl) identify(call, partUrl).catch(() => undefined);
