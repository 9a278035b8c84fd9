import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPath, isApiError } from './api-client';
import { invalidateUserContext, type MailDelivery } from './user-context';

export interface VerificationSent {
  email: string;
  delivery: MailDelivery;
}

/** POST /user/verification: a fresh link to the signed-in user's address. */
export function resendVerification(): Promise<VerificationSent> {
  return api.post<VerificationSent>(apiPath('/user/verification'));
}

/**
 * Sends the verification link again. A 409 means the address was verified meanwhile (in another
 * tab, say): the cached user is refreshed so the notice goes away.
 */
export function useResendVerification(handlers: {
  onSuccess: (sent: VerificationSent) => void;
  onError: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: handlers.onSuccess,
    onError: async (error) => {
      if (isApiError(error, 409)) await invalidateUserContext(queryClient);
      handlers.onError(error);
    },
  });
}
