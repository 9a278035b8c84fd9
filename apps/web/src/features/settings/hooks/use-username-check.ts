import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { validateUsername } from '../api/settings-api';

const DEBOUNCE_MS = 400;

/** Live availability from GET /api/user/validate-name, debounced while typing. */
export function useUsernameCheck(username: string, current: string | null) {
  const trimmed = username.trim();
  const debounced = useDebouncedValue(trimmed, DEBOUNCE_MS);
  const unchanged = trimmed === (current ?? '');
  const query = useQuery({
    queryKey: ['username-check', debounced],
    queryFn: ({ signal }) => validateUsername(debounced, signal),
    enabled: debounced !== '' && debounced !== (current ?? ''),
    staleTime: 10_000,
  });
  const settled = debounced === trimmed && !query.isFetching;
  return {
    unchanged,
    checking: !unchanged && trimmed !== '' && !settled,
    verdict: !unchanged && settled ? query.data : undefined,
    error: settled ? query.error : null,
  };
}
