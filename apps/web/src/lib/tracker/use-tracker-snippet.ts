import { useQuery } from '@tanstack/react-query';
import { fetchSnippet, snippetKey, type SnippetMode } from './tracker-api';

export function useTrackerSnippet(team: string, mode: SnippetMode) {
  return useQuery({
    queryKey: snippetKey(team, mode),
    queryFn: () => fetchSnippet(team, mode),
    staleTime: Infinity,
  });
}
