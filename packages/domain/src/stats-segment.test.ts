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
      'segment dimension must be one of device, visitor, browser, platform, referrer, utm_source, utm_medium, utm_campaign, country',
    );
    for (const dimension of ['utm_term', 'Device', '', 3, null]) {
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

describe('an open dimension', () => {
  it('takes any value of 1 to 253 characters: the campaign keeps the names', () => {
    for (const dimension of ['referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'country']) {
      expect(messageOf({ dimension, value: 'google' })).toBeNull();
      expect(messageOf({ dimension, value: '(other)' })).toBeNull();
      expect(messageOf({ dimension, value: 'x'.repeat(253) })).toBeNull();
    }
    expect(messageOf({ dimension: 'utm_source', value: '' })).toBe(
      'a utm_source segment must be a value of 1 to 253 characters',
    );
    expect(messageOf({ dimension: 'country', value: 'x'.repeat(254) })).toBe(
      'a country segment must be a value of 1 to 253 characters',
    );
  });

  it('is named for people in the answer', () => {
    const label = (dimension: string, value: string) =>
      statsSegmentAnswer(statsSegmentSchema.parse({ dimension, value })).label;
    expect(label('utm_source', 'google')).toBe('utm_source google');
    expect(label('utm_medium', '(none)')).toBe('Without utm_medium');
    expect(label('utm_campaign', '(other)')).toBe('Other utm_campaign values');
    expect(label('country', 'FR')).toBe('Visitors in France');
    expect(label('country', '(unknown)')).toBe('Visitors of unknown country');
    expect(label('referrer', 'news.example')).toBe('Visitors from news.example');
    expect(label('referrer', '(direct)')).toBe('Direct and internal visits');
  });
});

describe('who is in a segment', () => {
  const phone: VisitorClass = {
    browser: 'safari',
    device: 'phone',
    visitorType: 'returning',
    open: {
      referrer: 'news.example',
      utm_source: 'google',
      utm_medium: '(none)',
      utm_campaign: '(none)',
      country: 'DE',
    },
  };
  it('matches each dimension on its own class', () => {
    expect(inStatsSegment(phone, { dimension: 'device', value: 'phone' })).toBe(true);
    expect(inStatsSegment(phone, { dimension: 'device', value: 'desktop' })).toBe(false);
    expect(inStatsSegment(phone, { dimension: 'visitor', value: 'returning' })).toBe(true);
    expect(inStatsSegment(phone, { dimension: 'visitor', value: 'new' })).toBe(false);
    expect(inStatsSegment(phone, { dimension: 'browser', value: 'safari' })).toBe(true);
    expect(inStatsSegment(phone, { dimension: 'platform', value: 'safari/phone' })).toBe(true);
    expect(inStatsSegment(phone, { dimension: 'platform', value: 'chrome/phone' })).toBe(false);
    expect(inStatsSegment(phone, { dimension: 'utm_source', value: 'google' })).toBe(true);
    expect(inStatsSegment(phone, { dimension: 'utm_source', value: 'bing' })).toBe(false);
    expect(inStatsSegment(phone, { dimension: 'utm_medium', value: '(none)' })).toBe(true);
    expect(inStatsSegment(phone, { dimension: 'country', value: 'DE' })).toBe(true);
    expect(inStatsSegment(phone, { dimension: 'referrer', value: '(direct)' })).toBe(false);
  });
});
