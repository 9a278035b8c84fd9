import type { LandingPageInput } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useConfirm } from '../../../ui/confirm-dialog';
import { toastSuccess } from '../../../ui/toast';
import {
  createPage,
  deletePage,
  pageKey,
  pagesKey,
  savePage,
  setPublished,
  signupsKey,
  type LandingPage,
  type LandingPageSummary,
} from '../api/pages-api';

export function useCreatePage(team: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LandingPageInput) => createPage(team, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pagesKey(team) }),
  });
}

/** Save and publish/unpublish answer the whole page: the cache takes it as is. */
export function usePageChanges(team: string, id: number) {
  const queryClient = useQueryClient();
  const settle = async (page: LandingPage) => {
    queryClient.setQueryData(pageKey(team, id), page);
    await queryClient.invalidateQueries({ queryKey: pagesKey(team), exact: true });
  };
  const save = useMutation({
    mutationFn: (input: LandingPageInput) => savePage(team, id, input),
    onSuccess: settle,
  });
  const publish = useMutation({
    mutationFn: (published: boolean) => setPublished(team, id, published),
    onSuccess: async (page) => {
      await settle(page);
      toastSuccess(page.published ? 'Page published' : 'Page unpublished');
    },
  });
  return { save, publish };
}

/** Asks first (the sign-ups go too), then deletes and forgets the page. */
export function useDeletePage(team: string) {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  return async (page: Pick<LandingPage, 'id' | 'content'>): Promise<boolean> => {
    const deleted = await confirm({
      title: 'Delete page',
      message: `Delete "${page.content.headline}"? It goes off the web and all its sign-ups are removed too. This cannot be undone.`,
      confirmLabel: 'Delete page',
      danger: true,
      onConfirm: () => deletePage(team, page.id),
    });
    if (!deleted) return false;
    queryClient.setQueryData<LandingPageSummary[]>(pagesKey(team), (list) =>
      list?.filter((item) => item.id !== page.id),
    );
    queryClient.removeQueries({ queryKey: pageKey(team, page.id) });
    queryClient.removeQueries({ queryKey: signupsKey(team, page.id) });
    await queryClient.invalidateQueries({ queryKey: pagesKey(team), exact: true });
    toastSuccess('Page deleted');
    return true;
  };
}
