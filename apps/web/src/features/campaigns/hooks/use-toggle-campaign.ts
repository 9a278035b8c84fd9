import type { CampaignSummary } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastError } from '../../../ui/toast';
import { campaignKey, campaignsKey, updateCampaignEnabled } from '../../../lib/campaigns-api';

interface ToggleInput {
  id: number;
  isEnabled: boolean;
}

/** Optimistic: the list changes at once and rolls back if the call fails (spec section 4). */
export function useToggleCampaign(team: string) {
  const queryClient = useQueryClient();
  const key = campaignsKey(team);

  return useMutation({
    mutationFn: ({ id, isEnabled }: ToggleInput) => updateCampaignEnabled(team, id, isEnabled),
    onMutate: async ({ id, isEnabled }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CampaignSummary[]>(key);
      queryClient.setQueryData<CampaignSummary[]>(key, (list) =>
        list?.map((campaign) => (campaign.id === id ? { ...campaign, isEnabled } : campaign)),
      );
      return { previous };
    },
    onError: (error, { isEnabled }, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toastError(
        error,
        isEnabled ? 'Could not enable the campaign' : 'Could not pause the campaign',
      );
    },
    onSettled: (_data, _error, { id }) =>
      queryClient.invalidateQueries({ queryKey: campaignKey(team, id) }),
  });
}
