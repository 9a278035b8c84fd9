import { useInfiniteQuery } from '@tanstack/react-query';
import { auditLogKey, fetchAuditLog } from '../api/audit-log-api';
import type { AuditFilters } from '../state/audit-filters';

/** The audit log for the filters, 50 entries a page; "Show older" adds the next page. */
export function useAuditLog(team: string, filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: auditLogKey(team, filters),
    queryFn: ({ pageParam }) => fetchAuditLog(team, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
  });
}
