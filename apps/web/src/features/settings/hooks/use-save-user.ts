import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateUserContext } from '../../../lib/user-context';
import { toastSuccess } from '../../../ui/toast';
import { saveUser, type UserChanges } from '../api/settings-api';

/** POST /user/save, then refresh the cached user context and confirm with a toast. */
export function useSaveUser(successMessage: string, onError?: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UserChanges) => saveUser(changes),
    onSuccess: async () => {
      await invalidateUserContext(queryClient);
      toastSuccess(successMessage);
    },
    onError,
  });
}
