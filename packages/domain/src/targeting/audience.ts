import type { BrowserFamily } from '../visitor-segments';
import type { OperatingSystem, TargetingDevice } from './user-agent';

// Who sees a campaign (issue 31). No zod here: the tracker evaluates audiences on every page view
// (the schemas are in audience-schema.ts).

/** What the tracker knows about a visitor; anything it could not learn is left out. */
export interface VisitorAttributes {
  deviceType?: TargetingDevice;
  browser?: BrowserFamily;
  os?: OperatingSystem;
  visitorType?: 'new' | 'returning';
  /** Sessions so far, this one included. */
  visits?: number;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  referrerHost?: string;
  query?: Record<string, string>;
  cookies?: Record<string, string>;
  /** The browser's language tag, e.g. `en-GB`. */
  language?: string;
  /** Set by the site: `kindling('set', { plan: 'pro' })`. */
  attributes?: Record<string, string | number | boolean>;
  /** ISO 3166 alpha-2; undefined when no trusted source said. */
  country?: string;
}

/** Attributes with a short list of values: is, is not, one of. */
export const CHOICE_ATTRIBUTES = ['deviceType', 'browser', 'os', 'visitorType', 'country'] as const;
/** Free text: also contains, starts with, exists. */
export const TEXT_ATTRIBUTES = [
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'referrerHost',
  'language',
] as const;
export const NUMBER_ATTRIBUTES = ['visits'] as const;
/** Looked up by name: a query parameter, a cookie, or an attribute the site set. */
export const NAMED_ATTRIBUTES = ['query', 'cookie', 'attribute'] as const;

export type ChoiceAttribute = (typeof CHOICE_ATTRIBUTES)[number];
export type TextAttribute = (typeof TEXT_ATTRIBUTES)[number];
export type NumberAttribute = (typeof NUMBER_ATTRIBUTES)[number];
export type NamedAttribute = (typeof NAMED_ATTRIBUTES)[number];

type Equality =
  { operator: 'is' | 'isNot'; value: string } | { operator: 'oneOf'; values: string[] };
type TextTest = { operator: 'contains' | 'startsWith'; value: string };
type NumberTest = { operator: 'atLeast' | 'atMost'; value: number };
type Presence = { operator: 'exists' | 'notExists' };

export type Condition =
  | ({ attribute: ChoiceAttribute } & Equality)
  | ({ attribute: TextAttribute } & (Equality | TextTest | Presence))
  | ({ attribute: NumberAttribute } & (Equality | NumberTest))
  | ({ attribute: NamedAttribute; name: string } & (Equality | TextTest | NumberTest | Presence));

export type ConditionOperator = Condition['operator'];

export interface Audience {
  match: 'all' | 'any';
  conditions: Condition[];
}

const NAMED_SOURCE = { query: 'query', cookie: 'cookies', attribute: 'attributes' } as const;

function valueOf(condition: Condition, visitor: VisitorAttributes): string | number | undefined {
  if (condition.attribute === 'query' || condition.attribute === 'cookie') {
    return visitor[NAMED_SOURCE[condition.attribute]]?.[condition.name];
  }
  if (condition.attribute === 'attribute') {
    const value = visitor.attributes?.[condition.name];
    return typeof value === 'boolean' ? String(value) : value;
  }
  return visitor[condition.attribute];
}

const fold = (text: string | number) => String(text).toLowerCase();

/**
 * Text compares without regard to case (`Facebook` is `facebook`: UTM tags are typed by hand).
 * An attribute the visitor does not have fails every test but "is not" and "does not exist":
 * a visitor whose country is unknown is not known to be in France.
 */
function holds(condition: Condition, actual: string | number | undefined): boolean {
  if (condition.operator === 'exists') return actual !== undefined;
  if (condition.operator === 'notExists') return actual === undefined;
  if (actual === undefined) return condition.operator === 'isNot';
  switch (condition.operator) {
    case 'is':
      return fold(actual) === fold(condition.value);
    case 'isNot':
      return fold(actual) !== fold(condition.value);
    case 'oneOf':
      return condition.values.some((value) => fold(value) === fold(actual));
    case 'contains':
      return fold(actual).includes(fold(condition.value));
    case 'startsWith':
      return fold(actual).startsWith(fold(condition.value));
    case 'atLeast':
    case 'atMost': {
      const number =
        typeof actual === 'number' ? actual : actual.trim() === '' ? NaN : Number(actual);
      if (Number.isNaN(number)) return false;
      return condition.operator === 'atLeast'
        ? number >= condition.value
        : number <= condition.value;
    }
  }
}

export function matchesCondition(condition: Condition, visitor: VisitorAttributes): boolean {
  return holds(condition, valueOf(condition, visitor));
}

/** No audience, or one without conditions, is everyone. */
export function inAudience(audience: Audience | undefined, visitor: VisitorAttributes): boolean {
  if (!audience || audience.conditions.length === 0) return true;
  const test = (condition: Condition) => matchesCondition(condition, visitor);
  return audience.match === 'all'
    ? audience.conditions.every(test)
    : audience.conditions.some(test);
}
