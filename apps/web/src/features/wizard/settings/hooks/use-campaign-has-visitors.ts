import type { CampaignPerformance } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import { fetchCampaignPerformance, performanceKey } from '../../../../lib/campaign-performance-api';
import { useCurrentTeam } from '../../../../lib/current-team';

/**
 * Whether the saved campaign has had visitors (its figures count a view), which settles its
 * test method; false for a new campaign, undefined while unknown. Read afresh whenever the
 * Settings step opens; the server has the last word (it refuses a late change with a 400).
 */
export function useCampaignHasVisitors(campaignId: number | undefined): boolean | undefined {
  const { slug, user } = useCurrentTeam();
  const timezone = user.preferences.timezone;
  const query = useQuery({
    queryKey: performanceKey(slug, timezone),
    queryFn: () => fetchCampaignPerformance(slug, timezone),
    enabled: campaignId !== undefined,
    refetchOnMount: 'always',
    select: (list: CampaignPerformance[]) =>
      (list.find((campaign) => campaign.id === campaignId)?.views ?? 0) > 0,
  });
  if (campaignId === undefined) return false;
  return query.data;
}
