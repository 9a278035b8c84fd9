import { csvCell, EVENT_CSV_COLUMNS } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { CAMPAIGN_NOT_FOUND } from '../campaigns/get-campaigns';
import { campaignOfTeam, readEventPage, type StoredEvent } from './repo';

export type EventFormat = 'ndjson' | 'csv';

/** Events read per query: a page of rows in memory at a time, whatever the export's size. */
export const EXPORT_PAGE_ROWS = 2000;

const iso = (value: Date | string) => new Date(value).toISOString();

/** One line of NDJSON: the event as collect stored it, times as ISO instants. */
export function ndjsonLine({ cursor: _cursor, ts, receivedAt, data, ...event }: StoredEvent) {
  return `${JSON.stringify({ ...event, ts: iso(ts), receivedAt: iso(receivedAt), ...data })}\n`;
}

const jsonCell = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));
const numberCell = (value: unknown) => (typeof value === 'number' ? String(value) : '');

/** One CSV row (RFC 4180, CRLF) in the order of EVENT_CSV_COLUMNS. */
export function csvLine(event: StoredEvent): string {
  const { data } = event;
  const cells = [
    event.id,
    event.type,
    String(event.campaignId),
    event.visitorId,
    event.sessionId,
    iso(event.ts),
    iso(event.receivedAt),
    event.url,
    numberCell(data.goalId),
    numberCell(data.amount),
    jsonCell(data.assignments),
    jsonCell(data.applied),
    jsonCell(data.healed),
  ];
  return `${cells.map(csvCell).join(',')}\r\n`;
}

async function* lines(
  db: Db,
  query: { campaignId: number; start: string | undefined; end: string | undefined },
  format: EventFormat,
): AsyncGenerator<string> {
  if (format === 'csv') yield `${EVENT_CSV_COLUMNS.join(',')}\r\n`;
  let after: { cursor: string; id: string } | undefined;
  for (;;) {
    const page = await readEventPage(db, { ...query, after, limit: EXPORT_PAGE_ROWS });
    // One string per page: a chunk per event would cost the stream more than the query.
    if (page.length) yield page.map(format === 'csv' ? csvLine : ndjsonLine).join('');
    if (page.length < EXPORT_PAGE_ROWS) return;
    const last = page.at(-1)!;
    after = { cursor: last.cursor, id: last.id };
  }
}

/**
 * A campaign's exposures, goals and revenue events in [start, end), oldest first, as NDJSON or
 * CSV, read page by page as the client takes them (constant memory). Another team's campaign
 * is refused before anything is sent.
 */
export async function exportEvents(
  { db }: { db: Db },
  input: {
    teamId: number;
    id: number;
    start: string | undefined;
    end: string | undefined;
    format: EventFormat;
  },
) {
  const { teamId, id, start, end, format } = input;
  if (!(await campaignOfTeam(db, teamId, id))) throw notFound(CAMPAIGN_NOT_FOUND);
  return {
    filename: `campaign-${id}-events.${format}`,
    lines: lines(db, { campaignId: id, start, end }, format),
  };
}
