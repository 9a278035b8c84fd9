import { variantCodeAccessSchema } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import { api, teamApiPath } from '../../../../lib/api-client';

/** Whether this instance allows CSS and code per variant, and whether this person may write it. */
export function useVariantCodeAccess(team: string) {
  return useQuery({
    queryKey: ['variant-code', team],
    queryFn: () => api.get(teamApiPath(team, '/variant-code'), { schema: variantCodeAccessSchema }),
    staleTime: 60_000,
  });
}
