// Wall-clock times in a named time zone, for schedules: the app edits "09:00 in Europe/Berlin"
// and the API stores the instant. Plain Intl, so web, server and tests agree without a library.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: string;
  monthName: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function wallParts(ms: number, timeZone: string): WallParts {
  const part: Record<string, string> = {};
  for (const { type, value } of formatter(timeZone).formatToParts(new Date(ms))) {
    part[type] = value;
  }
  const monthName = (part.month ?? '').slice(0, 3);
  return {
    year: Number(part.year),
    month: MONTHS.indexOf(monthName) + 1,
    day: Number(part.day),
    hour: Number(part.hour),
    minute: Number(part.minute),
    weekday: part.weekday ?? '',
    monthName,
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The instant as a `datetime-local` value (YYYY-MM-DDTHH:mm) on the zone's clocks. */
export function wallTimeInZone(iso: string, timeZone: string): string {
  const wall = wallParts(Date.parse(iso), timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant (ISO 8601, UTC) a `datetime-local` value names on the zone's clocks, or null when
 * the value is not one. A time the clocks skip (spring forward) is read with the offset before the
 * change, so 02:30 on such a night is 03:30; a time they show twice (fall back) is the first one.
 */
export function instantOfWallTime(wall: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(wall);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc)) return null;
  const wallMinutes = (ms: number) => {
    const parts = wallParts(ms, timeZone);
    return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  };
  const offsetAt = (ms: number) => wallMinutes(ms) - ms;
  // The offsets a day either side cover every real zone's change.
  const candidates = [offsetAt(asUtc - 24 * HOUR_MS), offsetAt(asUtc + 24 * HOUR_MS)]
    .map((offset) => asUtc - offset)
    .filter((instant) => wallMinutes(instant) === asUtc)
    .sort((a, b) => a - b);
  const instant = candidates[0] ?? asUtc - offsetAt(asUtc - 24 * HOUR_MS);
  return new Date(instant).toISOString();
}

/**
 * How a schedule's time reads in the team's zone: "Tue 1 Dec, 09:00", with the year when it is
 * not the year of `nowMs` there ("Wed 1 Dec 2027, 09:00").
 */
export function formatScheduleTime(iso: string, timeZone: string, nowMs: number): string {
  const wall = wallParts(Date.parse(iso), timeZone);
  const year = wall.year === wallParts(nowMs, timeZone).year ? '' : ` ${wall.year}`;
  return `${wall.weekday} ${wall.day} ${wall.monthName}${year}, ${pad(wall.hour)}:${pad(wall.minute)}`;
}
