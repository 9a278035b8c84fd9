import type { CampaignSummary } from '@kindling/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useConfirm } from '../../../ui/confirm-dialog';
import { toastSuccess } from '../../../ui/toast';
import { campaignKey, campaignsKey, deleteCampaign } from '../../../lib/campaigns-api';

/** Asks for confirmation, deletes, and drops the campaign from the cached list. */
export function useDeleteCampaign(team: string) {
  const confirm = useConfirm();
  const queryClient = useQueryClient();

  return async (campaign: Pick<CampaignSummary, 'id' | 'name'>): Promise<boolean> => {
    const deleted = await confirm({
      title: 'Delete campaign',
      message: `Are you sure you want to delete "${campaign.name}"? Its variants, goals and statistics are deleted too. This cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () => deleteCampaign(team, campaign.id),
    });
    if (!deleted) return false;
    queryClient.setQueryData<CampaignSummary[]>(campaignsKey(team), (list) =>
      list?.filter((item) => item.id !== campaign.id),
    );
    queryClient.removeQueries({ queryKey: campaignKey(team, campaign.id) });
    await queryClient.invalidateQueries({ queryKey: campaignsKey(team) });
    toastSuccess('Campaign deleted');
    return true;
  };
}
