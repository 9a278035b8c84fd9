import {
  API_CACHE_SECONDS,
  USER_CONTEXT_CACHE_SECONDS,
  WAITLIST_CACHE_SECONDS,
} from '@kindling/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

// Spec section 9, "Paging and caching": how long the app reuses an answer without asking the
// server again. The server's answers say `private, no-cache` with an ETag, so the browser
// always revalidates; these numbers are the only freshness window, and every write invalidates
// (or replaces) what it changed, so nobody sees stale data after their own change.

export interface QueryCacheTimes {
  /** Reused without a request for this long. */
  staleTime: number;
  /** Kept in memory this long after the last screen using it closes. */
  gcTime: number;
}

const forSeconds = (seconds: number): QueryCacheTimes => ({
  staleTime: seconds * 1000,
  gcTime: seconds * 1000,
});

/** API data that changes only through this app's own writes (API cache: 3600 s). */
export const API_QUERY_CACHE = forSeconds(API_CACHE_SECONDS);
/** The user context (86400 s). */
export const USER_CONTEXT_QUERY_CACHE = forSeconds(USER_CONTEXT_CACHE_SECONDS);
/** What the team waits for (86400 s). */
export const WAITLIST_QUERY_CACHE = forSeconds(WAITLIST_CACHE_SECONDS);

/**
 * After a write: the server's answer replaces the cached one under `key`, and every other
 * query under `prefix` (e.g. one entry's filtered view) is marked stale and refetched if shown.
 */
export async function storeWriteAnswer<T>(
  queryClient: QueryClient,
  { key, prefix, answer }: { key: QueryKey; prefix: QueryKey; answer: T },
): Promise<void> {
  queryClient.setQueryData(key, answer);
  await queryClient.invalidateQueries({
    queryKey: prefix,
    predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(key),
  });
}
