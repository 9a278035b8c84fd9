import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { CHART_LABEL_FORMATS, type Granularity } from '@kindling/domain';

/** Hours and quarter days are read by their time of day; longer intervals by their date. */
const isHourly = (granularity: Granularity) =>
  granularity === 'hour' || granularity === 'quarterDay';

/** Axis label of an interval start (spec section 9): "h:mm a" for hourly data, else "M/d". */
export function intervalLabel(iso: string, granularity: Granularity, timezone: string): string {
  return format(
    new TZDate(iso, timezone),
    isHourly(granularity) ? CHART_LABEL_FORMATS.hourly : CHART_LABEL_FORMATS.other,
  );
}

/** The label of a point compared with another period: "<date> vs <comparison date>". */
export function comparedLabel(
  iso: string,
  comparisonIso: string | null,
  granularity: Granularity,
  timezone: string,
): string {
  const own = intervalLabel(iso, granularity, timezone);
  return comparisonIso ? `${own} vs ${intervalLabel(comparisonIso, granularity, timezone)}` : own;
}

/** The unambiguous date of a point, for tooltips: hourly points also say which day. */
export function intervalTitle(iso: string, granularity: Granularity, timezone: string): string {
  return format(new TZDate(iso, timezone), isHourly(granularity) ? 'MMM d, h:mm a' : 'MMM d, yyyy');
}
