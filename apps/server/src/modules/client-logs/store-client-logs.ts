import { teamSlugOfPageUrl, type ClientLogRecord } from '@kindling/domain';
import type { Db } from '../../db/database';
import { dangerousEvictOldestClientLogs, insertClientLogs, lockClientLogUsage } from './repo';

/**
 * Stores a checked batch in one statement: all of it or, on failure, none. Past `maxTotalBytes`
 * for every record together, the oldest records make room in the same transaction (the newest
 * are the ones worth reading; retention deletes by age as well).
 */
export async function storeClientLogs(
  { db }: { db: Db },
  {
    records,
    userId,
    maxTotalBytes,
  }: { records: ClientLogRecord[]; userId: number | null; maxTotalBytes: number },
): Promise<{ accepted: number }> {
  await db.transaction().execute(async (tx) => {
    await lockClientLogUsage(tx);
    await insertClientLogs(
      tx,
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
    await dangerousEvictOldestClientLogs(tx, { maxBytes: maxTotalBytes });
  });
  return { accepted: records.length };
}
