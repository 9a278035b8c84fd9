import { useQuery } from '@tanstack/react-query';
import { api, apiPath } from './api-client';
import { useDebouncedValue } from './use-debounced-value';

export interface PasswordVerdict {
  valid: boolean;
  message?: string;
}

const DEBOUNCE_MS = 300;

/** Live policy feedback from GET /api/user/validate-password (debounced). */
export function usePasswordPolicy(password: string) {
  const debounced = useDebouncedValue(password, DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['password-policy', debounced],
    queryFn: ({ signal }) =>
      api.get<PasswordVerdict>(apiPath('/user/validate-password', { password: debounced }), {
        auth: false,
        signal,
      }),
    enabled: debounced.length > 0,
    staleTime: Infinity,
  });
  const settled = debounced === password && !query.isFetching;
  return { verdict: settled ? query.data : undefined, checking: password.length > 0 && !settled };
}

/** Field status for a password input: pending, "Strong enough" or the policy message. */
export function passwordStatus(policy: ReturnType<typeof usePasswordPolicy>, password: string) {
  if (!password) return undefined;
  if (policy.checking) return { tone: 'pending' as const, text: 'Checking password…' };
  if (!policy.verdict) return undefined;
  return policy.verdict.valid
    ? { tone: 'success' as const, text: 'Password meets the policy' }
    : { tone: 'error' as const, text: policy.verdict.message ?? 'Password is too weak' };
}
