import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_SIZE,
  auditActorLabel,
  changedFields,
  csvCell,
  type AuditAnswer,
  type AuditEntry,
  type AuditQuery,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { readAuditPage, type StoredAuditRow } from './repo';

/** Rows read per query of the CSV export: a page in memory at a time, whatever its size. */
export const AUDIT_EXPORT_PAGE_ROWS = 2000;

function entryOf(row: StoredAuditRow): AuditEntry {
  const { actorType, actorId, actorLabel, at, before, after, ...rest } = row;
  return {
    ...rest,
    id: String(row.id),
    at: new Date(at).toISOString(),
    actor: { type: actorType, id: actorId, label: actorLabel },
    entity: row.entity as AuditEntry['entity'],
    changed: changedFields(before, after),
    before,
    after,
  };
}

/** A page of the team's audit log, newest first, with the cursor of the next page. */
export async function getAuditLog(
  { db }: { db: Db },
  { teamId, query }: { teamId: number; query: AuditQuery },
): Promise<AuditAnswer> {
  const rows = await readAuditPage(db, { teamId, query, limit: AUDIT_PAGE_SIZE + 1 });
  const entries = rows.slice(0, AUDIT_PAGE_SIZE).map(entryOf);
  return {
    entries,
    next: rows.length > AUDIT_PAGE_SIZE ? (entries.at(-1)?.id ?? null) : null,
  };
}

const json = (value: unknown) => (value === null ? '' : JSON.stringify(value));

/** One CSV row (RFC 4180, CRLF) in the order of AUDIT_CSV_COLUMNS. */
export function auditCsvLine(entry: AuditEntry): string {
  const cells = [
    entry.id,
    entry.at,
    entry.actor.type,
    entry.actor.id === null ? '' : String(entry.actor.id),
    auditActorLabel(entry.actor),
    entry.requestId ?? '',
    entry.route ?? '',
    entry.entity,
    entry.entityId ?? '',
    entry.campaignId === null ? '' : String(entry.campaignId),
    entry.action,
    json(entry.changed),
    json(entry.before),
    json(entry.after),
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Every entry matching the filters as CSV, newest first, read page by page as it is sent. */
export async function* auditCsv(
  { db }: { db: Db },
  { teamId, query }: { teamId: number; query: AuditQuery },
): AsyncGenerator<string> {
  yield `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
  let before = query.before;
  for (;;) {
    const rows = await readAuditPage(db, {
      teamId,
      query: { ...query, before },
      limit: AUDIT_EXPORT_PAGE_ROWS,
    });
    if (rows.length) yield rows.map((row) => auditCsvLine(entryOf(row))).join('');
    if (rows.length < AUDIT_EXPORT_PAGE_ROWS) return;
    before = String(rows.at(-1)!.id);
  }
}
