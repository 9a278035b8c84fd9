import { reindexCampaign } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import {
  campaignKey,
  campaignsKey,
  fetchCampaign,
  fetchCampaigns,
} from '../../../lib/campaigns-api';

export function useCampaigns(team: string) {
  return useQuery({ queryKey: campaignsKey(team), queryFn: () => fetchCampaigns(team) });
}

/** A campaign re-indexed on load (spec section 3: elements, control and variants get indexes). */
export function useCampaign(team: string, id: number) {
  return useQuery({
    queryKey: campaignKey(team, id),
    queryFn: async () => reindexCampaign(await fetchCampaign(team, id)),
    enabled: Number.isInteger(id) && id > 0,
  });
}
