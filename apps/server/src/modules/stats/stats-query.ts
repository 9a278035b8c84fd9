import { GRANULARITIES, statsSegmentSchema, ROW_ID_MESSAGE, rowId } from '@kindling/domain';
import { z } from 'zod';
import { isTimeZone } from './zoned-time';

/** Two calendar years, a leap day included. */
export const MAX_RANGE_MS = 731 * 86_400_000;
/** More points than a chart can show; also bounds the answer's size. */
export const MAX_INTERVALS = 2000;

export const STATS_MESSAGES = {
  campaignNotFound: 'Campaign not found',
  goalNotFound: 'goalId is not a goal of this campaign',
  badTimezone: 'timezone must be an IANA time zone name, such as Europe/Berlin',
  badGranularity: `granularity must be one of ${GRANULARITIES.join(', ')}`,
  badDate:
    'range start and end must be ISO 8601 dates with a time zone, such as 2026-03-01T00:00:00Z',
  endBeforeStart: 'range end must be after its start',
  rangeTooLong: 'range must not span more than 2 years',
  tooManyIntervals: `range holds more than ${MAX_INTERVALS} intervals of this granularity: choose a coarser granularity or a shorter range`,
} as const;

const instant = z.iso
  .datetime({ offset: true, message: STATS_MESSAGES.badDate })
  .transform((value) => new Date(value));

// The checks of the pair run only once both ends parsed (pipe), never on raw strings.
export const statsRangeSchema = z.object({ start: instant, end: instant }).pipe(
  z
    .object({ start: z.date(), end: z.date() })
    .refine(({ start, end }) => end > start, STATS_MESSAGES.endBeforeStart)
    .refine(
      ({ start, end }) => end.getTime() - start.getTime() <= MAX_RANGE_MS,
      STATS_MESSAGES.rangeTooLong,
    ),
);
export type StatsRange = z.infer<typeof statsRangeSchema>;

export const statsQuerySchema = z.object({
  id: z.number(ROW_ID_MESSAGE).pipe(rowId),
  range: statsRangeSchema,
  timezone: z.string().refine(isTimeZone, STATS_MESSAGES.badTimezone),
  granularity: z.enum(GRANULARITIES, STATS_MESSAGES.badGranularity),
  compareRange: statsRangeSchema.optional(),
  goalId: z.number(ROW_ID_MESSAGE).pipe(rowId).optional(),
  segment: statsSegmentSchema
    .optional()
    .describe(
      "Only the visitors of one segment, classed by their first exposure: {dimension: 'device', value: 'phone'} (docs/statistics.md, Segments)",
    ),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;
