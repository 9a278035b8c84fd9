import { MAX_HOST_LENGTH, REFERRER_OTHER, SEGMENT_UNKNOWN } from './visitor-segments';

// The segments of open value sets (issue 31): where a visitor came from (referrer host, UTM
// tags) and its country. Unlike a browser or a device, anyone can send any value here, so each
// campaign keeps at most MAX_SEGMENT_VALUES names per dimension, the first seen; later ones count
// as "(other)". The values in parentheses are classes no real value can take and are always kept.

export const OPEN_SEGMENT_DIMENSIONS = [
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'country',
] as const;
export type OpenSegmentDimension = (typeof OPEN_SEGMENT_DIMENSIONS)[number];

export const UTM_DIMENSIONS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
export type UtmDimension = (typeof UTM_DIMENSIONS)[number];

/** A visitor's value in each open dimension, as its first exposure gave it. */
export type OpenSegmentValues = Record<OpenSegmentDimension, string>;

/**
 * Names kept per campaign and dimension, the first seen; later ones count as SEGMENT_OTHER, so a
 * flood of forged values cannot grow the counts without bound.
 */
export const MAX_SEGMENT_VALUES = 20;
/** Countries come from the trusted proxy as two letters: every ISO 3166 code fits. */
export const MAX_COUNTRY_VALUES = 300;

/** How many names a campaign keeps in a dimension. */
export const segmentValueCap = (dimension: OpenSegmentDimension) =>
  dimension === 'country' ? MAX_COUNTRY_VALUES : MAX_SEGMENT_VALUES;

/** The longest value kept: a host name's (DNS), and far beyond any sensible UTM tag. */
export const MAX_SEGMENT_VALUE_LENGTH = MAX_HOST_LENGTH;

/** No value: a page address without the UTM tag. */
export const SEGMENT_NONE = '(none)';
/** A value past the campaign's MAX_SEGMENT_VALUES names, or one that is not a valid value. */
export const SEGMENT_OTHER = REFERRER_OTHER;

/** Whether a value is a class (in parentheses), never a name a campaign keeps. */
export const isSegmentClass = (value: string) => value.startsWith('(') && value.endsWith(')');

/**
 * The UTM tags of the page of the visitor's first exposure, each trimmed and lowercased (so
 * "Google" and "google " are one source); SEGMENT_NONE without it, SEGMENT_OTHER when too long.
 */
export function utmClassesOf(pageUrl: string): Record<UtmDimension, string> {
  let query: URLSearchParams | undefined;
  try {
    query = new URL(pageUrl).searchParams;
  } catch {
    query = undefined;
  }
  const classOf = (dimension: UtmDimension) => {
    const value = (query?.get(dimension) ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
    if (value.length === 0) return SEGMENT_NONE;
    return value.length > MAX_SEGMENT_VALUE_LENGTH || isSegmentClass(value) ? SEGMENT_OTHER : value;
  };
  return {
    utm_source: classOf('utm_source'),
    utm_medium: classOf('utm_medium'),
    utm_campaign: classOf('utm_campaign'),
  };
}

/** Codes proxies send for "no country": Cloudflare's unknown (XX) and Tor (T1). */
const NO_COUNTRY = new Set(['XX', 'T1']);

/**
 * The country of a collect request from the trusted proxy header GEO_HEADER names: its ISO 3166
 * two-letter code, uppercase; SEGMENT_UNKNOWN without the setting, the header or a valid code.
 */
export function countryClassOf(header: string | undefined): string {
  const code = (header ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && !NO_COUNTRY.has(code) ? code : SEGMENT_UNKNOWN;
}

/** The parameter's name as people write it in their links. */
const UTM_NAMES: Record<UtmDimension, string> = {
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
};

let regionNames: Intl.DisplayNames | undefined;
/** "France" for FR; the code itself where the runtime has no name for it. */
export function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** How a UTM or country segment is named: "utm_source google", "Visitors in France". */
export function openSegmentLabel(dimension: UtmDimension | 'country', value: string): string {
  if (dimension === 'country') {
    if (value === SEGMENT_OTHER) return 'Visitors in other countries';
    if (value === SEGMENT_UNKNOWN) return 'Visitors of unknown country';
    return `Visitors in ${countryName(value)}`;
  }
  const name = UTM_NAMES[dimension];
  if (value === SEGMENT_NONE) return `Without ${name}`;
  if (value === SEGMENT_OTHER) return `Other ${name} values`;
  if (value === SEGMENT_UNKNOWN) return `Unknown ${name}`;
  return `${name} ${value}`;
}
