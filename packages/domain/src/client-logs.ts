import { z } from 'zod';
import {
  CLIENT_LOG_DEPTH_LIMIT,
  CLIENT_LOG_LEVELS,
  CLIENT_LOG_MAX_RECORDS,
  CLIENT_LOG_MESSAGES,
  CLIENT_LOG_STRING_LIMIT,
  CLIENT_LOG_URL_LIMIT,
  nestedDeeperThan,
} from './client-log-limits';

// Client logs (spec sections 7, 8 and 9 "Logging"): what the web app posts to POST /api/logs.

/** Whether every string in a value (keys too) is within the limit. */
function stringsWithinLimit(value: unknown): boolean {
  if (typeof value === 'string') return value.length <= CLIENT_LOG_STRING_LIMIT;
  if (value === null || typeof value !== 'object') return true;
  return Object.entries(value).every(
    ([key, item]) => key.length <= CLIENT_LOG_STRING_LIMIT && stringsWithinLimit(item),
  );
}

const size = z.object({
  width: z.number().int().min(0).max(100_000),
  height: z.number().int().min(0).max(100_000),
});

export const clientLogRecordSchema = z.object({
  level: z.enum(CLIENT_LOG_LEVELS, { error: CLIENT_LOG_MESSAGES.level }),
  category: z.string().min(1).max(100),
  message: z.string().max(CLIENT_LOG_STRING_LIMIT, CLIENT_LOG_MESSAGES.message),
  /** Any JSON (the body was parsed as JSON), nested at most CLIENT_LOG_DEPTH_LIMIT deep. */
  data: z
    .unknown()
    .superRefine((data, context) => {
      // Depth first: a value too deep is not walked for its strings.
      if (nestedDeeperThan(data, CLIENT_LOG_DEPTH_LIMIT)) {
        context.addIssue({ code: 'custom', message: CLIENT_LOG_MESSAGES.depth });
      } else if (!stringsWithinLimit(data)) {
        context.addIssue({ code: 'custom', message: CLIENT_LOG_MESSAGES.text });
      }
    })
    .optional(),
  time: z.iso.datetime({ offset: true }),
  url: z.string().max(CLIENT_LOG_URL_LIMIT),
  user_locale: z.string().max(100),
  user_agent: z.string().max(CLIENT_LOG_STRING_LIMIT),
  device_pixel_ratio: z.number().positive().max(100),
  screen: size,
  window: size,
});
export type ClientLogRecord = z.infer<typeof clientLogRecordSchema>;

export const clientLogBatchSchema = z.object({
  records: z
    .array(clientLogRecordSchema)
    .min(1, CLIENT_LOG_MESSAGES.empty)
    .max(CLIENT_LOG_MAX_RECORDS, CLIENT_LOG_MESSAGES.tooMany),
});
export type ClientLogBatch = z.infer<typeof clientLogBatchSchema>;
