import { draftTitle, type DraftSummary } from '@kindling/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { discardDraft, draftsKey, fetchDrafts } from '../../../lib/drafts-api';
import { useConfirm } from '../../../ui/confirm-dialog';
import { toastSuccess } from '../../../ui/toast';

/** The team's campaigns being built (issue 35), newest first. */
export function useDrafts(team: string) {
  return useQuery({ queryKey: draftsKey(team), queryFn: () => fetchDrafts(team) });
}

/** Asks first, then discards the draft and drops it from the list. */
export function useDiscardDraft(team: string) {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  return async (draft: DraftSummary): Promise<void> => {
    const discarded = await confirm({
      title: 'Discard draft',
      message: `Discard “${draftTitle(draft)}”? Its elements, variants and goals are deleted. This cannot be undone.`,
      confirmLabel: 'Discard',
      danger: true,
      onConfirm: () => discardDraft(team, draft.id),
    });
    if (!discarded) return;
    queryClient.setQueryData<DraftSummary[]>(draftsKey(team), (list) =>
      list?.filter((item) => item.id !== draft.id),
    );
    toastSuccess('Draft discarded');
  };
}
