import {
  CLIENT_LOG_MAX_RECORDS,
  categoryAllowed,
  limitLogValue,
  type ClientLogRecord,
  type LogCategories,
} from '@kindling/domain';

/** What the server tells the browser about logs (GET /api/client-config). */
export interface LogSettings extends LogCategories {
  /** Where batches go: this server's /api/logs by default, or LOG_COLLECTOR_URL. */
  endpoint: string;
}

/**
 * A keepalive request (one that outlives the page) carries at most 64 KiB; batches stay under
 * this, so that records posted as the page closes still arrive.
 */
export const KEEPALIVE_BYTES = 60_000;
/** `{"records":[` and `]}`. */
const WRAPPER_BYTES = 14;

/** Spec section 9's limits applied to what is logged: strings at 1000 characters, depth 10. */
export function sanitize(value: unknown): unknown {
  return limitLogValue(value);
}

/** The records whose category the configuration lets through ("*" matches all, deny wins). */
export function recordsToSend(
  records: readonly ClientLogRecord[],
  categories: LogCategories,
): ClientLogRecord[] {
  return records.filter((record) => categoryAllowed(record.category, categories));
}

/**
 * Records in batches of at most CLIENT_LOG_MAX_RECORDS, each body at most `maxBytes` unless a
 * single record is larger on its own (it then goes alone).
 */
export function batchBodies(
  records: readonly ClientLogRecord[],
  maxBytes = KEEPALIVE_BYTES,
): string[] {
  const encoder = new TextEncoder();
  const bodies: string[] = [];
  let batch: string[] = [];
  let size = WRAPPER_BYTES;
  for (const record of records) {
    const json = JSON.stringify(record);
    const recordBytes = encoder.encode(json).length;
    const full =
      batch.length >= CLIENT_LOG_MAX_RECORDS ||
      (batch.length > 0 && size + 1 + recordBytes > maxBytes);
    if (full) {
      bodies.push(`{"records":[${batch.join(',')}]}`);
      batch = [];
      size = WRAPPER_BYTES;
    }
    size += recordBytes + (batch.length > 0 ? 1 : 0);
    batch.push(json);
  }
  if (batch.length > 0) bodies.push(`{"records":[${batch.join(',')}]}`);
  return bodies;
}

/** Whether an endpoint is this page's own origin: only then may a request carry the session. */
export function isSameOrigin(endpoint: string, pageOrigin: string): boolean {
  try {
    return new URL(endpoint, pageOrigin).origin === pageOrigin;
  } catch {
    return false;
  }
}
