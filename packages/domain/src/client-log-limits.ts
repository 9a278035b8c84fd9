import { isValidSlug } from './slug';

// Client logs (spec sections 7, 8 and 9 "Logging"): the limits and rules both sides apply. Kept
// free of zod: the web app's logger loads with the first screen, the schemas in client-logs.ts
// do not (see docs/decisions.md, "Initial route under budget").

/** Spec section 9: logged strings are cut at 1000 characters... */
export const CLIENT_LOG_STRING_LIMIT = 1000;
/** ...at depth 10 (objects and arrays nested deeper are replaced by DEPTH_MARK). */
export const CLIENT_LOG_DEPTH_LIMIT = 10;
export const CLIENT_LOG_MAX_RECORDS = 50;
export const CLIENT_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type ClientLogLevel = (typeof CLIENT_LOG_LEVELS)[number];
/** What stands for a value nested deeper than CLIENT_LOG_DEPTH_LIMIT. */
export const CLIENT_LOG_DEPTH_MARK = '[depth limit]';
const ELLIPSIS = '…';
/** The longest page address a record carries. */
export const CLIENT_LOG_URL_LIMIT = 2048;

export const CLIENT_LOG_MESSAGES = {
  notJson: 'The body must be JSON: {"records": [...]}.',
  tooMany: `A batch holds at most ${CLIENT_LOG_MAX_RECORDS} log records.`,
  empty: 'A batch holds at least one log record.',
  level: `The level is one of ${CLIENT_LOG_LEVELS.join(', ')}.`,
  message: `A log message is at most ${CLIENT_LOG_STRING_LIMIT} characters.`,
  text: `Logged strings are at most ${CLIENT_LOG_STRING_LIMIT} characters.`,
  depth: `Logged data is nested at most ${CLIENT_LOG_DEPTH_LIMIT} levels deep.`,
} as const;

/** A string cut to CLIENT_LOG_STRING_LIMIT characters, the cut marked with an ellipsis. */
export function cutLogString(value: string, limit = CLIENT_LOG_STRING_LIMIT): string {
  return value.length > limit ? `${value.slice(0, limit - ELLIPSIS.length)}${ELLIPSIS}` : value;
}

/**
 * Any value made loggable JSON: strings cut, containers deeper than the limit replaced, errors
 * as {name, message, stack}, dates as ISO text, values JSON cannot hold (functions, symbols) dropped, bigints as
 * text. Cycles end at the depth limit. One rule for the browser's logger and the server's check.
 */
export function limitLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cutLogString(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Error) {
    return limitLogValue({ name: value.name, message: value.message, stack: value.stack }, depth);
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  if (depth >= CLIENT_LOG_DEPTH_LIMIT) return CLIENT_LOG_DEPTH_MARK;
  if (Array.isArray(value)) return value.map((item) => limitLogValue(item, depth + 1) ?? null);
  // Built from entries, not by assignment: a key "__proto__" stays a key instead of setting the
  // copy's prototype (and being lost).
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    const limited = limitLogValue(item, depth + 1);
    if (limited !== undefined) entries.push([cutLogString(key), limited]);
  }
  return Object.fromEntries(entries);
}

/**
 * Whether objects and arrays are nested more than `limit` levels deep in a value (`{}` and `[1]`
 * are one level). The walk stops below the limit, so a hostile value cannot exhaust the stack.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit <= 0) return true;
  return Object.values(value).some((item) => nestedDeeperThan(item, limit - 1));
}

/** The page context of a record, its url cut to what the contract takes. */
export function cutLogUrl(url: string): string {
  return cutLogString(url, CLIENT_LOG_URL_LIMIT);
}

export interface LogCategories {
  allow: readonly string[];
  deny: readonly string[];
}

const matches = (list: readonly string[], category: string) =>
  list.includes('*') || list.includes(category);

/**
 * Spec section 9: logged categories come from configuration as an allow-list or a deny-list;
 * "*" matches all. A category is logged when the allow-list matches it and the deny-list does
 * not: the deny-list wins.
 */
export function categoryAllowed(category: string, { allow, deny }: LogCategories): boolean {
  return matches(allow, category) && !matches(deny, category);
}

/** A configured list: comma-separated categories, blanks ignored ("" is the empty list). */
export function parseCategoryList(text: string): string[] {
  return text
    .split(',')
    .map((category) => category.trim())
    .filter(Boolean);
}

/** The team a page of the admin app belongs to (/admin/{team}/...), or null. */
export function teamSlugOfPageUrl(url: string): string | null {
  // Pure, without the URL class: scheme and host, then the path's first two segments.
  const slug = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*\/admin\/([^/?#]+)/i.exec(url)?.[1];
  return slug && slug !== 'auth' && isValidSlug(slug) ? slug : null;
}
