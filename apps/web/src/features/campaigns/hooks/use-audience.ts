import type { Audience } from '@kindling/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../../../ui/toast';
import { audienceKey, fetchAudience, saveAudience } from '../api/audience-api';

/** The campaign's audience, and saving it (errors stay with the form, by field). */
export function useAudience(team: string, campaignId: number) {
  const queryClient = useQueryClient();
  const key = audienceKey(team, campaignId);
  const stored = useQuery({ queryKey: key, queryFn: () => fetchAudience(team, campaignId) });
  const save = useMutation({
    mutationFn: (audience: Audience | null) => saveAudience(team, campaignId, audience),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      toastSuccess('Who sees the campaign is saved.');
    },
  });
  return { stored, save };
}
