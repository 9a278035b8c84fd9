import { useQuery } from '@tanstack/react-query';
import { combinationsKey, fetchCombinations } from '../api/stats-api';

/** Refreshed every minute while the page is open, as the delivery counts are. */
export function useCombinations(team: string, campaignId: number) {
  return useQuery({
    queryKey: combinationsKey(team, campaignId),
    queryFn: () => fetchCombinations(team, campaignId),
    refetchInterval: 60_000,
  });
}
