import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchCampaignStats, statsKey, type StatsRequest } from '../api/stats-api';

/**
 * Results of one range, refreshed every minute while the page is open (the rollups are fresh
 * within a second of an event). The previous answer stays on screen while another range or
 * granularity loads, so the page does not jump.
 */
export function useCampaignStats(team: string, request: StatsRequest) {
  return useQuery({
    queryKey: statsKey(team, request),
    queryFn: () => fetchCampaignStats(team, request),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
