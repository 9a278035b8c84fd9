import { teamSlugOfPageUrl, type ClientLogRecord } from '@kindling/domain';
import type { Db } from '../../db/database';
import { insertClientLogs } from './repo';

/** Stores a checked batch in one statement: all of it or, on failure, none. */
export async function storeClientLogs(
  { db }: { db: Db },
  { records, userId }: { records: ClientLogRecord[]; userId: number | null },
): Promise<{ accepted: number }> {
  await insertClientLogs(
    db,
    records.map((record) => ({
      level: record.level,
      category: record.category,
      message: record.message,
      data: record.data === undefined ? null : JSON.stringify(record.data),
      loggedAt: record.time,
      url: record.url,
      userLocale: record.user_locale,
      userAgent: record.user_agent,
      devicePixelRatio: record.device_pixel_ratio,
      screenWidth: record.screen.width,
      screenHeight: record.screen.height,
      windowWidth: record.window.width,
      windowHeight: record.window.height,
      userId,
      teamSlug: teamSlugOfPageUrl(record.url),
    })),
  );
  return { accepted: records.length };
}
