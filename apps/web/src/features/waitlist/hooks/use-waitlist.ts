import type { WaitlistKey } from '@kindling/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storeWriteAnswer, WAITLIST_QUERY_CACHE } from '../../../lib/query-cache';
import { changeWaitlist, fetchWaitlist, waitlistKey } from '../api/waitlist-api';

/** What the team waits for, kept for a day (spec section 9) unless the team changes it. */
export function useWaitlist(team: string, entry?: WaitlistKey) {
  return useQuery({
    queryKey: waitlistKey(team, entry),
    queryFn: () => fetchWaitlist(team, entry),
    ...WAITLIST_QUERY_CACHE,
  });
}

/** Join or leave one entry; the answer (the whole catalogue) replaces the cached one. */
export function useChangeWaitlist(team: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { entry: WaitlistKey; join: boolean }) => changeWaitlist(team, change),
    onSuccess: (answer) =>
      storeWriteAnswer(queryClient, { key: waitlistKey(team), prefix: waitlistKey(team), answer }),
  });
}
