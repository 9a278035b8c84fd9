import {
  isSegmentClass,
  OPEN_SEGMENT_DIMENSIONS,
  SEGMENT_OTHER,
  SEGMENT_UNKNOWN,
  utmClassesOf,
  visitorClassOf,
  visitorSegmentOf,
  type AgentClass,
  type CollectEvent,
  type OpenSegmentDimension,
  type VisitorClass,
} from '@kindling/domain';
import type { Statements } from '../../db/statement-transaction';
import { firstBy } from './known-visitors';
import { visitorKey } from './rollup-plan';
import { keepSegmentValues, segmentValueKey, type OfferedValue } from './segment-values-repo';

// The class a new visitor keeps (migrations 0035 and 0043): its first exposure's browser, device,
// new or returning, referrer, UTM tags and country. Without a user agent it is in no segment.

type Exposure = Extract<CollectEvent, { type: 'exposure' }>;

/** What collect knows of who sent a batch, beyond its events. */
export interface SenderClass {
  agent: AgentClass;
  /** From the trusted proxy header GEO_HEADER names (`countryClassOf`). */
  country: string;
}

/**
 * Event id -> the sender of the batch that stored it: the first batch to send its id (as its
 * address, ingest-events.ts storeBatches).
 */
export function sendersOf(
  batches: readonly {
    unique: readonly { id: string }[];
    agent?: AgentClass | undefined;
    country?: string | undefined;
  }[],
): Map<string, SenderClass> {
  const senders = new Map<string, SenderClass>();
  for (const { unique, agent, country } of batches) {
    if (!agent) continue;
    const sender = { agent, country: country ?? SEGMENT_UNKNOWN };
    for (const event of unique) if (!senders.has(event.id)) senders.set(event.id, sender);
  }
  return senders;
}

/** The class of a first exposure from `sender`, every name as sent (not yet capped). */
export function exposureClassOf(event: Exposure, sender: SenderClass | undefined) {
  if (!sender) return null;
  const segment = visitorSegmentOf({
    agent: sender.agent,
    referrer: event.referrer,
    returning: event.returning,
    pageUrl: event.url,
  });
  return visitorClassOf(segment, { ...utmClassesOf(event.url), country: sender.country });
}

/** Countries may be named by any exposure: every code fits in the campaign's room. */
const BOUNDED: ReadonlySet<OpenSegmentDimension> = new Set(['country']);

/**
 * The classes the batch's exposures give their visitors: names past their campaign's room are
 * counted as "(other)" (keepSegmentValues). Only an exposure that may open a visitor (the first
 * of a visitor not stored yet) offers its referrer and UTM names: a returning visitor's later
 * landing keeps its first class, and must not take a slot of the names a campaign keeps.
 */
export async function classesOf(
  statements: Statements,
  exposures: readonly Exposure[],
  senders: ReadonlyMap<string, SenderClass>,
): Promise<(event: Exposure) => VisitorClass | null> {
  const sent = new Map<string, VisitorClass>();
  for (const event of exposures) {
    const of = exposureClassOf(event, senders.get(event.id));
    if (of) sent.set(event.id, of);
  }
  const namesOf = (event: Exposure) =>
    OPEN_SEGMENT_DIMENSIONS.map((dimension) => ({
      campaignId: event.campaignId,
      dimension,
      value: sent.get(event.id)?.open?.[dimension] ?? SEGMENT_UNKNOWN,
    })).filter((name) => !isSegmentClass(name.value));
  // The first of each visitor in the batch: the one that opens it, if any does.
  const offered: OfferedValue[] = [...firstBy(exposures, visitorKey).values()].flatMap((event) =>
    namesOf(event).map((name) =>
      BOUNDED.has(name.dimension) ? name : { ...name, visitorId: event.visitorId },
    ),
  );
  const kept = await keepSegmentValues(statements, offered);
  // Capped once here: the insert, the visitor lookup and the segment counts each ask again.
  const classes = new Map<string, VisitorClass>();
  for (const event of exposures) {
    const of = sent.get(event.id);
    if (!of?.open) {
      if (of) classes.set(event.id, of);
      continue;
    }
    const open = { ...of.open };
    for (const name of namesOf(event)) {
      if (!kept.has(segmentValueKey(name))) open[name.dimension] = SEGMENT_OTHER;
    }
    classes.set(event.id, { ...of, open });
  }
  return (event) => classes.get(event.id) ?? null;
}
