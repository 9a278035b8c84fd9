import { DEMO_MESSAGES } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignsKey, createDemoCampaign } from '../../../lib/campaigns-api';
import { toastError, toastSuccess } from '../../../ui/toast';

/** Adds the demo campaign and shows it in the list. */
export function useCreateDemoCampaign(team: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createDemoCampaign(team),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: campaignsKey(team) });
      toastSuccess(DEMO_MESSAGES.created);
    },
    onError: (error) => toastError(error),
  });
}
