import { z } from 'zod';
import {
  MAX_SEGMENT_VALUE_LENGTH,
  OPEN_SEGMENT_DIMENSIONS,
  openSegmentLabel,
  type OpenSegmentDimension,
  type OpenSegmentValues,
} from './open-segments';
import type { Verdict } from './stats/verdict';
import {
  BROWSERS,
  DEVICES,
  segmentLabel,
  type BrowserFamily,
  type DeviceType,
  type VisitorSegment,
} from './visitor-segments';

// The segment breakdown of the results page (issue 31; docs/statistics.md, "Segments"): the
// results of the visitors of one class only. A visitor is classed once, by its first exposure in
// the campaign, and every exposure, goal and revenue of that visitor counts in that class.

/** The dimensions of a closed set of values, known in advance. */
export const CLOSED_SEGMENT_DIMENSIONS = ['device', 'visitor', 'browser', 'platform'] as const;
export type ClosedSegmentDimension = (typeof CLOSED_SEGMENT_DIMENSIONS)[number];

/** The dimensions results can be filtered by: the classes stored with each visitor. */
export const STATS_SEGMENT_DIMENSIONS = [
  ...CLOSED_SEGMENT_DIMENSIONS,
  ...OPEN_SEGMENT_DIMENSIONS,
] as const;
export type StatsSegmentDimension = (typeof STATS_SEGMENT_DIMENSIONS)[number];

export const isOpenSegmentDimension = (
  dimension: StatsSegmentDimension,
): dimension is OpenSegmentDimension =>
  (OPEN_SEGMENT_DIMENSIONS as readonly string[]).includes(dimension);

export const VISITOR_TYPES = ['new', 'returning'] as const;
export type VisitorType = (typeof VISITOR_TYPES)[number];

/** The values each closed dimension can be filtered by, in the order a list shows them. */
export const STATS_SEGMENT_VALUES: Record<ClosedSegmentDimension, readonly string[]> = {
  device: DEVICES,
  visitor: VISITOR_TYPES,
  browser: BROWSERS,
  platform: BROWSERS.flatMap((browser) => DEVICES.map((device) => `${browser}/${device}`)),
};

const openValueMessage = (dimension: OpenSegmentDimension) =>
  `a ${dimension} segment must be a value of 1 to ${MAX_SEGMENT_VALUE_LENGTH} characters`;

export const SEGMENT_FILTER_MESSAGES = {
  badDimension: `segment dimension must be one of ${STATS_SEGMENT_DIMENSIONS.join(', ')}`,
  badValue: {
    device: `a device segment must be one of ${DEVICES.join(', ')}`,
    visitor: `a visitor segment must be one of ${VISITOR_TYPES.join(', ')}`,
    browser: `a browser segment must be one of ${BROWSERS.join(', ')}`,
    platform: 'a platform segment must be a browser and a device, such as safari/phone',
    referrer: openValueMessage('referrer'),
    utm_source: openValueMessage('utm_source'),
    utm_medium: openValueMessage('utm_medium'),
    utm_campaign: openValueMessage('utm_campaign'),
    country: openValueMessage('country'),
  } satisfies Record<StatsSegmentDimension, string>,
} as const;

/** What the verdict of a segment says besides its own sentence. */
export const SEGMENT_LEAD_NOTE = 'A segment: read it as a lead, not a verdict.';

const SHIP = ' It is safe to ship.';

export const statsSegmentSchema = z
  .object({
    dimension: z.enum(STATS_SEGMENT_DIMENSIONS, SEGMENT_FILTER_MESSAGES.badDimension),
    value: z.string(SEGMENT_FILTER_MESSAGES.badDimension),
  })
  .superRefine(({ dimension, value }, context) => {
    const valid = isOpenSegmentDimension(dimension)
      ? value.length > 0 && value.length <= MAX_SEGMENT_VALUE_LENGTH
      : STATS_SEGMENT_VALUES[dimension].includes(value);
    if (!valid) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: SEGMENT_FILTER_MESSAGES.badValue[dimension],
      });
    }
  });
export type StatsSegment = z.infer<typeof statsSegmentSchema>;

/** The segment of a filtered stats answer: what it is, its name and how to read it. */
export const statsSegmentAnswerSchema = z.object({
  dimension: z.enum(STATS_SEGMENT_DIMENSIONS),
  value: z.string(),
  /** "Phones", "Returning visitors", "Safari on phones". */
  label: z.string(),
  /** SEGMENT_LEAD_NOTE: the app shows it as is. */
  note: z.string(),
});
export type StatsSegmentAnswer = z.infer<typeof statsSegmentAnswerSchema>;

/** How a segment is named in a heading and a list: "Phones", "utm_source google". */
export function statsSegmentLabel(dimension: StatsSegmentDimension, value: string): string {
  switch (dimension) {
    case 'utm_source':
    case 'utm_medium':
    case 'utm_campaign':
    case 'country':
      return openSegmentLabel(dimension, value);
    case 'device':
    case 'visitor':
    case 'browser':
    case 'platform':
    case 'referrer':
      return segmentLabel(dimension, value);
  }
}

export function statsSegmentAnswer(segment: StatsSegment): StatsSegmentAnswer {
  return {
    dimension: segment.dimension,
    value: segment.value,
    label: statsSegmentLabel(segment.dimension, segment.value),
    note: SEGMENT_LEAD_NOTE,
  };
}

/** The verdicts that decide something; in a segment each is a lead to test on its own. */
const DECISIONS: ReadonlySet<Verdict['state']> = new Set([
  'winner',
  'original_wins',
  'no_difference',
  'guardrail_harm',
]);

/**
 * An element's verdict read in a segment: a decision's sentence says it is a segment's (a winner
 * found by slicing is not safe to ship: with a handful of segments, one of them shows a "winner"
 * by chance far more often than the error rate says), and a winner no longer says to ship it.
 * The state stays, so the app still tells which way it goes; the other states are unchanged.
 */
export function segmentVerdict(verdict: Verdict): Verdict {
  if (!DECISIONS.has(verdict.state)) return verdict;
  const sentence = verdict.summary.endsWith(SHIP)
    ? verdict.summary.slice(0, -SHIP.length)
    : verdict.summary;
  return { ...verdict, summary: `${SEGMENT_LEAD_NOTE} ${sentence}` };
}

/**
 * The classes a visitor row keeps: campaign_visitors' columns; rollups_segments splits by the
 * closed ones, rollups_dimensions by each open one.
 */
export interface VisitorClass {
  browser: BrowserFamily;
  device: DeviceType;
  /** 'new', 'returning', or '(unknown)' from a tracker that did not say. */
  visitorType: string;
  /**
   * Each open dimension's value, kept as named or counted as "(other)" (open-segments.ts); null
   * for a visitor stored before they were kept (migration 0043): in no open segment.
   */
  open: OpenSegmentValues | null;
}

export const visitorClassOf = (
  segment: VisitorSegment,
  open: Omit<OpenSegmentValues, 'referrer'>,
): VisitorClass => ({
  browser: segment.browser as BrowserFamily,
  device: segment.device as DeviceType,
  visitorType: segment.visitor,
  open: { referrer: segment.referrer, ...open },
});

/** Whether a visitor of class `of` is in `segment`. */
export function inStatsSegment(of: VisitorClass, segment: StatsSegment): boolean {
  switch (segment.dimension) {
    case 'device':
      return of.device === segment.value;
    case 'visitor':
      return of.visitorType === segment.value;
    case 'browser':
      return of.browser === segment.value;
    case 'platform':
      return `${of.browser}/${of.device}` === segment.value;
    case 'referrer':
    case 'utm_source':
    case 'utm_medium':
    case 'utm_campaign':
    case 'country':
      return of.open?.[segment.dimension] === segment.value;
  }
}
