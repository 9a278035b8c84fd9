import { useQuery } from '@tanstack/react-query';
import { fetchSnippet, snippetKey } from './tracker-api';

export function useTrackerSnippet(team: string) {
  return useQuery({
    queryKey: snippetKey(team),
    queryFn: () => fetchSnippet(team),
    staleTime: Infinity,
  });
}
