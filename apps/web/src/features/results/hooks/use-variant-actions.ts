import type { Campaign } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { campaignKey, deleteVariant, updateVariantEnabled } from '../../../lib/campaigns-api';
import { useConfirm } from '../../../ui/confirm-dialog';
import { toastError, toastSuccess } from '../../../ui/toast';
import { campaignStatsKey } from '../api/stats-api';

interface VariantRef {
  id: number;
  label: string;
}

const withVariant = (
  campaign: Campaign,
  id: number,
  change: (variant: Campaign['elements'][number]['variants'][number]) => typeof variant | null,
): Campaign => ({
  ...campaign,
  elements: campaign.elements.map((element) => ({
    ...element,
    variants: element.variants.flatMap((variant) => {
      if (variant.id !== id) return [variant];
      const changed = change(variant);
      return changed ? [changed] : [];
    }),
  })) as Campaign['elements'],
});

/** Pausing, resuming and deleting a variant from the results: the page follows at once. */
export function useVariantActions(team: string, campaignId: number) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const key = campaignKey(team, campaignId);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: campaignStatsKey(team, campaignId) }),
    ]);

  const toggle = useMutation({
    mutationFn: ({ id, isEnabled }: { id: number; isEnabled: boolean }) =>
      updateVariantEnabled(team, id, isEnabled),
    onMutate: async ({ id, isEnabled }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Campaign>(key);
      if (previous) {
        queryClient.setQueryData(
          key,
          withVariant(previous, id, (v) => ({ ...v, isEnabled })),
        );
      }
      return { previous };
    },
    onError: (error, { isEnabled }, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toastError(error, isEnabled ? 'Could not resume the variant' : 'Could not pause the variant');
    },
    onSettled: refresh,
  });

  async function remove(variant: VariantRef) {
    const deleted = await confirm({
      title: 'Delete variant',
      message: `Delete ${variant.label}? Visitors stop seeing it and its results are removed from this page. This cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () => deleteVariant(team, variant.id),
    });
    if (!deleted) return;
    const current = queryClient.getQueryData<Campaign>(key);
    if (current)
      queryClient.setQueryData(
        key,
        withVariant(current, variant.id, () => null),
      );
    await refresh();
    toastSuccess('Variant deleted');
  }

  return {
    setEnabled: (id: number, isEnabled: boolean) => toggle.mutate({ id, isEnabled }),
    pendingId: toggle.isPending ? toggle.variables.id : null,
    remove,
  };
}
