import { describe, expect, it } from 'vitest';
import {
  inStatsSegment,
  SEGMENT_FILTER_MESSAGES,
  SEGMENT_LEAD_NOTE,
  segmentVerdict,
  statsSegmentAnswer,
  statsSegmentSchema,
  STATS_SEGMENT_VALUES,
  type VisitorClass,
} from './stats-segment';
import type { Verdict } from './stats/verdict';

const messageOf = (input: unknown) => {
  const parsed = statsSegmentSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

const verdict = (state: Verdict['state'], summary: string): Verdict => ({
  state,
  variantId: state === 'winner' ? 7 : null,
  method: 'sequential',
  metricId: null,
  summary,
  visitorsNeeded: null,
});

describe('the segment filter', () => {
  it('takes every value of every dimension', () => {
    for (const [dimension, values] of Object.entries(STATS_SEGMENT_VALUES)) {
      for (const value of values) expect(messageOf({ dimension, value })).toBeNull();
    }
    expect(STATS_SEGMENT_VALUES.platform).toContain('safari/phone');
    expect(STATS_SEGMENT_VALUES.platform).toHaveLength(24);
  });

  it('refuses an unknown dimension with the sentence that lists them', () => {
    expect(SEGMENT_FILTER_MESSAGES.badDimension).toBe(
      'segment dimension must be one of device, visitor, browser, platform',
    );
    for (const dimension of ['referrer', 'Device', '', 3, null]) {
      expect(messageOf({ dimension, value: 'phone' })).toBe(SEGMENT_FILTER_MESSAGES.badDimension);
    }
  });

  it("refuses a value outside its dimension's classes, naming them", () => {
    expect(messageOf({ dimension: 'device', value: 'watch' })).toBe(
      'a device segment must be one of desktop, phone, tablet',
    );
    expect(messageOf({ dimension: 'device', value: 'new' })).toBe(
      SEGMENT_FILTER_MESSAGES.badValue.device,
    );
    expect(messageOf({ dimension: 'visitor', value: '(unknown)' })).toBe(
      'a visitor segment must be one of new, returning',
    );
    expect(messageOf({ dimension: 'browser', value: 'netscape' })).toBe(
      'a browser segment must be one of chrome, safari, firefox, edge, samsung, opera, in-app, other',
    );
    expect(messageOf({ dimension: 'platform', value: 'safari' })).toBe(
      'a platform segment must be a browser and a device, such as safari/phone',
    );
  });

  it('names the segment and carries the note', () => {
    expect(statsSegmentAnswer({ dimension: 'device', value: 'phone' })).toEqual({
      dimension: 'device',
      value: 'phone',
      label: 'Phones',
      note: 'A segment: read it as a lead, not a verdict.',
    });
    expect(statsSegmentAnswer({ dimension: 'visitor', value: 'returning' }).label).toBe(
      'Returning visitors',
    );
    expect(statsSegmentAnswer({ dimension: 'platform', value: 'safari/phone' }).label).toBe(
      'Safari on phones',
    );
  });
});

describe('a verdict read in a segment', () => {
  it('never says to ship a winner, and says it is a lead', () => {
    const read = segmentVerdict(
      verdict('winner', 'Variant 1 converts 12% more often than the original. It is safe to ship.'),
    );
    expect(read.summary).toBe(
      `${SEGMENT_LEAD_NOTE} Variant 1 converts 12% more often than the original.`,
    );
    expect(read.summary).not.toContain('ship');
    expect(read.state).toBe('winner');
    expect(read.variantId).toBe(7);
  });

  it('marks every decision, and leaves the states that decide nothing as they are', () => {
    for (const state of ['original_wins', 'no_difference', 'guardrail_harm'] as const) {
      expect(segmentVerdict(verdict(state, 'Something.')).summary).toBe(
        `${SEGMENT_LEAD_NOTE} Something.`,
      );
    }
    for (const state of ['keep_running', 'not_enough_data', 'sample_ratio_mismatch'] as const) {
      const before = verdict(state, 'Keep running.');
      expect(segmentVerdict(before)).toEqual(before);
    }
  });
});

describe('who is in a segment', () => {
  const phone: VisitorClass = { browser: 'safari', device: 'phone', visitorType: 'returning' };
  it('matches each dimension on its own class', () => {
    expect(inStatsSegment(phone, { dimension: 'device', value: 'phone' })).toBe(true);
    expect(inStatsSegment(phone, { dimension: 'device', value: 'desktop' })).toBe(false);
    expect(inStatsSegment(phone, { dimension: 'visitor', value: 'returning' })).toBe(true);
    expect(inStatsSegment(phone, { dimension: 'visitor', value: 'new' })).toBe(false);
    expect(inStatsSegment(phone, { dimension: 'browser', value: 'safari' })).toBe(true);
    expect(inStatsSegment(phone, { dimension: 'platform', value: 'safari/phone' })).toBe(true);
    expect(inStatsSegment(phone, { dimension: 'platform', value: 'chrome/phone' })).toBe(false);
  });
});
