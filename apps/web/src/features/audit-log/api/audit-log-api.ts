import type { AuditAnswer } from '@kindling/domain';
import { api, teamApiPath } from '../../../lib/api-client';
import { queryOf, type AuditFilters } from '../state/audit-filters';

export const auditLogKey = (team: string, filters: AuditFilters) =>
  ['audit-log', team, filters] as const;

/** A page of the team's audit log, newest first (`before`: the previous page's `next`). */
export const fetchAuditLog = (team: string, filters: AuditFilters, before?: string) =>
  api.get<AuditAnswer>(
    teamApiPath(team, '/audit-log', { ...queryOf(filters), ...(before ? { before } : {}) }),
  );

/** Every entry matching the filters, as CSV. */
export const fetchAuditCsv = (team: string, filters: AuditFilters): Promise<Blob> =>
  api.getFile(teamApiPath(team, '/audit-log.csv', queryOf(filters)));
