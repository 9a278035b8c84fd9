import { z } from 'zod';
import { opaqueId } from './collect';

// Identity across devices (issue 31): `kindling('identify', userId)` on a customer's page. The
// rule, in full (README "Identity across devices"):
// - The user id is hashed in the browser (SHA-256 of `identityHashInput`); the raw id never
//   leaves the page. The hash is salted with the team, so two teams' hashes of one id differ.
// - The first visitor id linked to an identity is the identity's for good. A device that
//   identifies answers with its own visitor id; Kindling keeps the first one it was told and
//   answers it to every device.
// - A device told another visitor id takes it from its next page load: arms are drawn from the
//   visitor id, so it then gets the arms the identity's first device got, and counts as that
//   visitor. What it was shown before, under its own id, stays counted for that id.
// - A device already linked to one identity and identified as another starts a new visitor id
//   for it (unless that identity already has one), so two people sharing a browser never share
//   arms through it.

/** What the tracker's identify part hashes: the team's slug (a salt per team) and the id. */
export const identityHashInput = (teamSlug: string, userId: string): string =>
  `kindling:${teamSlug}:${userId}`;

export const IDENTITY_MESSAGES = {
  identity: 'The identity must be a SHA-256 hash: 64 lower-case hexadecimal characters.',
  notJson: 'The body must be JSON: {"identity": "…", "visitorId": "…"}.',
  userId: 'kindling identify: the user id must be a non-empty string of at most 256 characters.',
} as const;

/** POST /api/tracker/{team}/identify: the identity's hash and the device's visitor id. */
export const identifyInputSchema = z.strictObject({
  identity: z.string().regex(/^[0-9a-f]{64}$/, IDENTITY_MESSAGES.identity),
  visitorId: opaqueId,
});
export type IdentifyInput = z.infer<typeof identifyInputSchema>;

/** The visitor id the identity keeps: the first one it was linked to. */
export const identifyAnswerSchema = z.object({ visitorId: z.string() });
export type IdentifyAnswer = z.infer<typeof identifyAnswerSchema>;

/** Whether a user id can be identified: what the page passes is checked before hashing. */
export const validUserId = (userId: unknown): userId is string =>
  typeof userId === 'string' && userId.length > 0 && userId.length <= 256;
