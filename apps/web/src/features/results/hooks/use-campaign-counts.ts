import { useQuery } from '@tanstack/react-query';
import { countsKey, fetchCampaignCounts } from '../../../lib/tracker/tracker-api';

/** Refreshed every minute while the page is open: visitors keep arriving. */
export function useCampaignCounts(team: string, campaignId: number) {
  return useQuery({
    queryKey: countsKey(team, campaignId),
    queryFn: () => fetchCampaignCounts(team, campaignId),
    refetchInterval: 60_000,
  });
}
