import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentTeam } from '../../../lib/current-team';
import { toastError } from '../../../ui/toast';
import { membersKey } from '../api/settings-api';

/** An owner's action on a pending invitation: on success the member list is fetched again. */
export function useInviteAction<T>(
  action: (team: string) => Promise<T>,
  onDone: (answer: T) => void,
) {
  const { slug } = useCurrentTeam();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => action(slug),
    onSuccess: async (answer) => {
      onDone(answer);
      await queryClient.invalidateQueries({ queryKey: membersKey(slug) });
    },
    onError: (error) => toastError(error),
  });
}
