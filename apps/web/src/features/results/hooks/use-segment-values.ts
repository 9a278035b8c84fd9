import { segmentValuesAnswerSchema } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import { api, teamApiPath } from '../../../lib/api-client';
import { openSegmentGroups } from '../state/segment-choices';

/**
 * The open dimensions' choices of the segment list (referrers, UTM tags, countries the campaign
 * keeps): refreshed every minute, as new visitors bring new names. None until they load.
 */
export function useOpenSegmentGroups(team: string, campaignId: number) {
  const values = useQuery({
    queryKey: ['segment-values', team, campaignId],
    queryFn: () =>
      api.get(teamApiPath(team, '/campaign/segment-values', { id: campaignId }), {
        schema: segmentValuesAnswerSchema,
      }),
    refetchInterval: 60_000,
  });
  return values.data ? openSegmentGroups(values.data) : [];
}
