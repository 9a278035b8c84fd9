import type { FeatureFlag } from '@kindling/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateUserContext } from '../../../lib/user-context';
import { FEATURE_FLAG_TEXT } from '../../../lib/feature-flag-text';
import { toastError, toastSuccess } from '../../../ui/toast';
import {
  ADMIN_TAG,
  fetchInstanceTeams,
  instanceTeamsKey,
  setInstanceTeamFlag,
} from '../api/instance-admin-api';

export function useInstanceTeams(search: string, page: number) {
  return useQuery({
    queryKey: instanceTeamsKey(search, page),
    queryFn: () => fetchInstanceTeams(search, page),
    // The table stays while the next page or search loads, instead of blinking to a skeleton.
    placeholderData: keepPreviousData,
  });
}

export interface FlagChange {
  team: string;
  teamName: string;
  flag: FeatureFlag;
  enabled: boolean;
}

/**
 * One flag on one team. Afterwards every "admin"-tagged query and the user context are
 * refetched, so the change shows here and (for an admin who is in that team) takes effect in
 * the app without a reload.
 */
export function useSetInstanceFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ team, flag, enabled }: FlagChange) =>
      setInstanceTeamFlag({ team, flag, enabled }),
    onSuccess: async (_answer, { teamName, flag, enabled }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_TAG] }),
        invalidateUserContext(queryClient),
      ]);
      toastSuccess(`${FEATURE_FLAG_TEXT[flag].title} ${enabled ? 'on' : 'off'} for ${teamName}`);
    },
    onError: (error) => toastError(error),
  });
}
