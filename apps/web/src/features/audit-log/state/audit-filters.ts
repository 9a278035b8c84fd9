import { AUDIT_ENTITIES, type AuditEntity } from '@kindling/domain';
import { addDays, parseISO } from 'date-fns';

/** The audit log screen's filters, as the address keeps them (`?entity=&actor=&from=&to=`). */
export interface AuditFilters {
  entity?: AuditEntity;
  /** "system", "user:<id>" or "api_key:<id>". */
  actor?: string;
  /** Days, yyyy-mm-dd, in the browser's time zone: `to` is the last day shown. */
  from?: string;
  to?: string;
  campaignId?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTOR = /^(system|user:\d+|api_key:\d+)$/;

/** The filters in the address; anything it does not understand is left out. */
export function filtersFromSearch(search: URLSearchParams): AuditFilters {
  const entity = search.get('entity');
  const actor = search.get('actor');
  const from = search.get('from');
  const to = search.get('to');
  const campaignId = Number(search.get('campaignId'));
  return {
    ...(entity && entity in AUDIT_ENTITIES ? { entity: entity as AuditEntity } : {}),
    ...(actor && ACTOR.test(actor) ? { actor } : {}),
    ...(from && DAY.test(from) ? { from } : {}),
    ...(to && DAY.test(to) ? { to } : {}),
    ...(Number.isInteger(campaignId) && campaignId > 0 ? { campaignId } : {}),
  };
}

/** The filters for the address bar: only those set. */
export function searchOf(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  );
}

/** Local midnight of a day (yyyy-mm-dd), plus `days`, as an ISO instant. */
const midnight = (day: string, days = 0): string => addDays(parseISO(day), days).toISOString();

/** The API's query: `from` at the day's start, `to` at the end of its last day. */
export function queryOf(filters: AuditFilters): Record<string, string | number> {
  const { from, to, ...rest } = filters;
  return {
    ...searchOf(rest),
    ...(from ? { from: midnight(from) } : {}),
    ...(to ? { to: midnight(to, 1) } : {}),
  };
}
