import { popupClicksOf } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import { fetchCampaign } from '../../../lib/campaigns-api';

export interface CampaignPopups {
  /** Still loading the campaign named in the address: the page waits, so clicks are not late. */
  pending: boolean;
  name: string | undefined;
  url: string | undefined;
  popupClicks: string[];
}

/**
 * "?campaign=ID" (the campaign page's Preview link): the pop-up clicks recorded with that
 * campaign, replayed when its page is previewed.
 */
export function useCampaignPopupClicks(team: string, campaignParam: string | null): CampaignPopups {
  const id = Number(campaignParam);
  const named = campaignParam !== null && Number.isInteger(id) && id > 0;
  const campaign = useQuery({
    queryKey: ['preview-campaign', team, id],
    queryFn: () => fetchCampaign(team, id),
    enabled: named,
  });
  return {
    pending: named && campaign.isPending,
    name: campaign.data?.name,
    url: campaign.data?.ingestedUrl,
    popupClicks: campaign.data ? popupClicksOf(campaign.data.meta) : [],
  };
}
