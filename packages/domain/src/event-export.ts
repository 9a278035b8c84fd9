import { z } from 'zod';

// The raw events of a campaign as files (issue 33): NDJSON and CSV, streamed, for a warehouse
// (docs/api.md "Event export").

export const EVENT_EXPORT_MESSAGES = {
  instant: 'start and end are ISO 8601 instants, such as 2026-11-01T00:00:00Z',
  order: 'start must be before end',
} as const;

const instant = z.iso.datetime({ offset: true, error: EVENT_EXPORT_MESSAGES.instant });

/** `?start=&end=`: either may be left out (from the first event, up to now and beyond). */
export const eventExportRangeSchema = z
  .object({ start: instant.optional(), end: instant.optional() })
  .refine(({ start, end }) => !start || !end || Date.parse(start) < Date.parse(end), {
    path: ['end'],
    error: EVENT_EXPORT_MESSAGES.order,
  });

/** The CSV's columns, in order; `assignments`, `applied` and `healed` hold JSON. */
export const EVENT_CSV_COLUMNS = [
  'id',
  'type',
  'campaign_id',
  'visitor_id',
  'session_id',
  'ts',
  'received_at',
  'url',
  'goal_id',
  'amount',
  'assignments',
  'applied',
  'healed',
] as const;
