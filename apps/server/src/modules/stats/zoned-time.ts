// Wall-clock arithmetic in an IANA time zone with Intl alone (no date library): the zone's
// offset at an instant comes from formatting it, and a wall-clock time is turned back into an
// instant by subtracting the offset of a day before or after, whichever reads back the same.

/** Letters, digits, "_", "+", "-" in "/"-separated parts: an IANA name, never a raw offset
 * ("+01:00"), which PostgreSQL would read with the opposite (POSIX) sign. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * One formatter per zone, keyed case-insensitively: Intl reads zone names without regard to
 * case, so keyed by spelling a caller could make one (about 28 KB of native memory) for each of
 * a name's 2^n spellings and grow the process without end. Bounded by the zones Intl knows.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  const key = timeZone.toLowerCase();
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(key, format);
  }
  return format;
}

export function isTimeZone(name: string): boolean {
  if (!IANA_NAME.test(name)) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** A wall-clock time; month 1-12. Fields may overflow (day 32): Date.UTC normalises them. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
}

/** Milliseconds of the wall-clock reading as if it were UTC. */
const wallMs = (wall: WallTime, minute = 0, second = 0) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, minute, second);

export function wallTimeAt(ms: number, timeZone: string): WallTime {
  return readWall(ms, timeZone).wall;
}

function readWall(ms: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
  };
  return { wall, minute: parts.minute ?? 0, second: parts.second ?? 0 };
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const { wall, minute, second } = readWall(ms, timeZone);
  return wallMs(wall, minute, second) - Math.floor(ms / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time names in the zone, resolved as PostgreSQL and Temporal's
 * "compatible" do: a time repeated by a fall-back is its first occurrence; a time skipped by a
 * spring-forward (America/Santiago skips midnight) is read with the offset before the change,
 * so it lands just after the gap. Offset changes are assumed more than a day apart. (For a
 * repeated time PostgreSQL takes the second occurrence; rows are placed in the interval that
 * contains their SQL bucket, which is then the same interval.)
 */
export function instantOf(wall: WallTime, timeZone: string): number {
  const local = wallMs(wall);
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  const valid = [local - before, local - after].filter(
    (instant) => local - offsetAt(instant, timeZone) === instant,
  );
  return valid.length > 0 ? Math.min(...valid) : local - before;
}

/** Normalises overflowing fields (day 32 -> the next month) through Date.UTC. */
export function normaliseWall(wall: WallTime): WallTime {
  const date = new Date(wallMs(wall));
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
  };
}

/** 0 = Monday ... 6 = Sunday. */
export const isoWeekday = (wall: WallTime) => (new Date(wallMs(wall)).getUTCDay() + 6) % 7;
