import { z } from 'zod';
import { MAX_ROW_ID, rowId } from './row-id';
import { COLLECT_MAX_APPLY_MS } from './tracker-config';
import { VITALS_MESSAGES, vitalsValueSchema } from './web-vitals';

// The ingestion contract, issue 9: what the tracker posts to POST /api/collect.

export const COLLECT_MAX_EVENTS = 100;
/** `applied` for an element the tracker never found on the page (issue 31). */
export const NOT_ON_PAGE = -1;
/** Events stamped further than this from the server's clock are refused. */
export const COLLECT_MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export const COLLECT_MESSAGES = {
  tooMany: `A batch holds at most ${COLLECT_MAX_EVENTS} events.`,
  empty: 'A batch holds at least one event.',
  clock: 'An event time is more than 24 hours away from the server clock.',
  unknownCampaign: 'Unknown campaign.',
  demoCampaign: 'A demo campaign takes no events.',
  unknownElement: 'Unknown element or variant for this campaign.',
  unknownGoal: 'Unknown goal for this campaign.',
  healed: '"healed" lists ids of elements assigned in the same exposure.',
} as const;

/** A visitor or session id as the tracker makes them. */
export const opaqueId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/, 'Visitor and session ids are letters, digits and . _ : -');
/** Object keys are element ids as decimal strings. */
const elementKey = z.string().regex(/^[1-9]\d{0,9}$/, 'Element ids are positive integers');

const healedId = z
  .number({ error: COLLECT_MESSAGES.healed })
  .int(COLLECT_MESSAGES.healed)
  .positive(COLLECT_MESSAGES.healed)
  .max(MAX_ROW_ID, COLLECT_MESSAGES.healed);

const eventBase = z.object({
  id: z.uuid(),
  campaignId: rowId,
  visitorId: opaqueId,
  sessionId: opaqueId,
  ts: z.number().int().nonnegative(),
  url: z.string().max(2048),
  /**
   * Sent from a variant preview link: answered 202 and dropped before storage and rollups, so a
   * preview never counts (the preview script sends nothing; this guards any other sender).
   */
  preview: z.literal(true).optional(),
  /**
   * The collect key of the Kindling burner page the tracker ran on (its tag's
   * `data-collect-key`); events of a campaign on a burner page count only with that page's key.
   */
  collectKey: z
    .string()
    .max(64)
    .regex(/^[\w-]+$/, 'A collect key is letters, digits, _ and -')
    .optional(),
});

export const exposureEventSchema = eventBase.extend({
  type: z.literal('exposure'),
  assignments: z.record(elementKey, z.union([rowId, z.literal('control')])),
  /**
   * Milliseconds from navigation start to the change applied; null when the element was found
   * but not changed in time (missed); NOT_ON_PAGE when it was never found (trackers since issue
   * 31 report every element, the original's too; older ones only the elements they changed).
   */
  applied: z
    .record(
      elementKey,
      z
        .union([z.number().int().min(0).max(COLLECT_MAX_APPLY_MS), z.literal(NOT_ON_PAGE)])
        .nullable(),
    )
    .default({}),
  /** Elements found by fingerprint because their selector failed (issue 11). */
  healed: z
    .array(healedId, { error: COLLECT_MESSAGES.healed })
    .max(COLLECT_MAX_EVENTS, COLLECT_MESSAGES.healed)
    .optional(),
  /**
   * The referrer's host as the tracker read it from `document.referrer`; left out without one.
   * Never stored as sent: the server classes it (`referrerClassOf`), so an odd value is never
   * refused (that would drop the visitor's events), only counted as "(other)".
   */
  referrer: z.string().max(2048).optional(),
  /** The visitor id was stored before this page load (left out by older trackers). */
  returning: z.boolean().optional(),
  /** The visitor is in the team's global holdout: the page showed no campaign's change. */
  holdout: z.literal(true).optional(),
});

export const collectGoalSchema = eventBase.extend({ type: z.literal('goal'), goalId: rowId });

export const revenueEventSchema = eventBase.extend({
  type: z.literal('revenue'),
  amount: z.number().finite().min(0).max(1_000_000_000),
});

/**
 * Web Vitals of one page view for one of its exposures (issue 30), sent by vitals.js once the
 * page is hidden: LCP and INP in milliseconds, CLS unitless; a metric the browser did not
 * produce is left out. Counted for the arms of the exposure it names, which must be an exposure
 * of the same visitor and campaign.
 */
export const vitalsEventSchema = eventBase
  .extend({
    type: z.literal('vitals'),
    exposureId: z.uuid({ error: VITALS_MESSAGES.exposureId }),
    lcp: vitalsValueSchema('lcp').optional(),
    cls: vitalsValueSchema('cls').optional(),
    inp: vitalsValueSchema('inp').optional(),
  })
  .refine(
    (event) => event.lcp !== undefined || event.cls !== undefined || event.inp !== undefined,
    { message: VITALS_MESSAGES.noMetric },
  );
export type VitalsEvent = z.infer<typeof vitalsEventSchema>;

export const collectEventSchema = z.discriminatedUnion('type', [
  exposureEventSchema,
  collectGoalSchema,
  revenueEventSchema,
  vitalsEventSchema,
]);
export type CollectEvent = z.infer<typeof collectEventSchema>;

export const collectBatchSchema = z.object({
  events: z
    .array(collectEventSchema)
    .min(1, COLLECT_MESSAGES.empty)
    .max(COLLECT_MAX_EVENTS, COLLECT_MESSAGES.tooMany),
});
export type CollectBatch = z.infer<typeof collectBatchSchema>;

/** True when every event is stamped within a day of `now`. */
export const withinClockSkew = (events: readonly { ts: number }[], now: number): boolean =>
  events.every((event) => Math.abs(event.ts - now) <= COLLECT_MAX_CLOCK_SKEW_MS);

const HOUR_MS = 3_600_000;
/** A batch is checked against the clock and written moments later, or after a retry. */
const WRITE_SLACK_MS = HOUR_MS;

/**
 * Rollup hours ending at or before this are final at `now`: no event stamped in them can be
 * accepted any more (withinClockSkew), so what results read of them never changes.
 */
export const finalRollupHoursBefore = (now: number): number =>
  Math.floor((now - COLLECT_MAX_CLOCK_SKEW_MS - WRITE_SLACK_MS) / HOUR_MS) * HOUR_MS;

/**
 * An exposure from a page the campaign runs on where none of its elements was found (issue 31,
 * "not on this page"): nobody saw the test there, so it is no exposure. Only NOT_ON_PAGE says so,
 * a value older trackers never send: they report a variant's absent element as null (missed) and
 * the original's not at all, so reading their reports would drop only the variants' visitors.
 */
export function notOnThisPage(event: CollectEvent): boolean {
  if (event.type !== 'exposure') return false;
  const elementIds = Object.keys(event.assignments);
  return elementIds.length > 0 && elementIds.every((id) => event.applied[id] === NOT_ON_PAGE);
}

/** An element's `applied` as a time in milliseconds, or undefined (missed, or not on the page). */
export const appliedMs = (applied: number | null | undefined): number | undefined =>
  typeof applied === 'number' && applied >= 0 ? applied : undefined;
