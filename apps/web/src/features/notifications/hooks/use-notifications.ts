import { NOTIFICATION_POLL_MS } from '@kindling/domain';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  fetchNotifications,
  fetchUnreadCount,
  markNotificationsRead,
  notificationListKey,
  unreadCountKey,
} from '../api/notifications-api';

const storeUnread = (queryClient: QueryClient, team: string, unreadCount: number) =>
  queryClient.setQueryData(unreadCountKey(team), { unreadCount });

/** The badge: asked for once a minute while the tab is visible (nothing here is urgent). */
export function useUnreadCount(team: string) {
  return useQuery({
    queryKey: unreadCountKey(team),
    queryFn: () => fetchUnreadCount(team),
    refetchInterval: NOTIFICATION_POLL_MS,
    staleTime: NOTIFICATION_POLL_MS / 2,
  });
}

/** The list, 30 a page, fetched fresh each time the panel opens; "Show older" adds a page. */
export function useNotificationList(team: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationListKey(team),
    queryFn: async ({ pageParam }) => {
      const list = await fetchNotifications(team, pageParam);
      storeUnread(queryClient, team, list.unreadCount);
      return list;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    enabled,
    staleTime: 0,
  });
}

/** Marks read (the listed ids, or all); the count comes back with the answer. */
export function useMarkRead(team: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => markNotificationsRead(team, ids),
    onSuccess: async ({ unreadCount }) => {
      storeUnread(queryClient, team, unreadCount);
      await queryClient.invalidateQueries({ queryKey: notificationListKey(team) });
    },
  });
}
