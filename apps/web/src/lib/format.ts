/** Formats an ISO timestamp as a date in the user's time zone, e.g. "Mar 4, 2025". */
export function formatDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
  }
}

/** A date and time to the minute, in the person's zone: "Nov 28, 2026, 9:41 PM". */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const style = { dateStyle: 'medium', timeStyle: 'short' } as const;
  try {
    return new Intl.DateTimeFormat(undefined, { ...style, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, style).format(date);
  }
}

/** "example.com/pricing" from "https://www.example.com/pricing/" for compact display. */
export function displayUrl(url: string): string {
  return url
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Only http(s) addresses become links, so stored data can never inject a `javascript:` URL. */
export function safeHref(url: string): string | undefined {
  return /^https?:\/\//i.test(url.trim()) ? url.trim() : undefined;
}

const AGO_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago", "yesterday", "just now" for a past ISO time, counted from `now`. */
export function formatTimeAgo(iso: string, now = Date.now()): string {
  let amount = (now - Date.parse(iso)) / 1000;
  if (!Number.isFinite(amount)) return '';
  if (amount < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of AGO_STEPS) {
    if (amount < size) return format.format(-Math.floor(amount), unit);
    amount /= size;
  }
  return '';
}

const count = new Intl.NumberFormat('en');
const share = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

/** A whole count with thousands separators: "1,234". */
export const formatCount = (value: number): string => count.format(value);

/** A part of a whole (0..1) as a percentage to one decimal: "97.5%", "100%". */
export const formatShare = (value: number): string => share.format(value);

const signedPercent = new Intl.NumberFormat('en', {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** Past this a relative change reads as "more than": ">+10,000%" (a few conversions apart). */
const CHANGE_SHOWN_UP_TO = 100;

/** A relative change: "+12.5%", "-3%", "0%"; above +10,000%, ">+10,000%". */
export const formatChange = (value: number) =>
  value > CHANGE_SHOWN_UP_TO
    ? `>${signedPercent.format(CHANGE_SHOWN_UP_TO)}`
    : signedPercent.format(value);

/** A probability as people read it: "97%", with the ends never shown as certainty. */
export function formatChance(value: number): string {
  if (value > 0.999) return '>99.9%';
  if (value < 0.001) return '<0.1%';
  return `${(value * 100).toFixed(value > 0.99 || value < 0.01 ? 1 : 0)}%`;
}

/** A price with its currency (ISO 4217), whole units unless it has cents: "$299", "€1,199". */
export const formatPrice = (amount: number, currency: string): string =>
  new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
