import type { CampaignPerformance, PerformanceFigures } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import { fetchCampaignPerformance, performanceKey } from '../../../lib/campaign-performance-api';

const EMPTY = new Map<number, PerformanceFigures>();
// Module-level, so the map is built once per answer rather than once per render.
const byId = (list: CampaignPerformance[]): ReadonlyMap<number, PerformanceFigures> =>
  new Map(list.map((campaign) => [campaign.id, campaign]));

/** The list's figures by campaign id, refreshed every minute while the list is open. */
export function useCampaignPerformance(team: string, timezone: string) {
  const query = useQuery({
    queryKey: performanceKey(team, timezone),
    queryFn: () => fetchCampaignPerformance(team, timezone),
    select: byId,
    refetchInterval: 60_000,
  });
  return { ...query, figures: query.data ?? EMPTY };
}
