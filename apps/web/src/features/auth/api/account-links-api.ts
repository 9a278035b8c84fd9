import { api, apiPath } from '../../../lib/api-client';
import type { MailDelivery } from '../../../lib/user-context';

/** Always the same answer, whether or not an account uses the address. */
export function requestPasswordReset(email: string): Promise<{ delivery: MailDelivery }> {
  return api.post<{ delivery: MailDelivery }>(
    apiPath('/auth/password-reset'),
    { email },
    { auth: false },
  );
}

export function completePasswordReset(input: { token: string; password: string }): Promise<void> {
  return api.post<void>(apiPath('/auth/password-reset/complete'), input, { auth: false });
}

/** Works signed in or out: the token is the proof. */
export function verifyEmail(token: string): Promise<{ email: string }> {
  return api.post<{ email: string }>(apiPath('/auth/verify-email'), { token }, { auth: false });
}
