import { codeChangesAnswerSchema } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import { api, teamApiPath } from '../../../lib/api-client';

/** Every change of a campaign's variant CSS and code, newest first. */
export function useCodeChanges(team: string, campaignId: number) {
  return useQuery({
    queryKey: ['code-changes', team, campaignId],
    queryFn: () =>
      api.get(teamApiPath(team, '/campaign/code-changes', { id: campaignId }), {
        schema: codeChangesAnswerSchema,
      }),
  });
}
