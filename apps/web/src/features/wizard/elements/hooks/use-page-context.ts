import { pageUrlKey, type UrlContext } from '@kindling/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentTeam } from '../../../../lib/current-team';
import { API_QUERY_CACHE, storeWriteAnswer } from '../../../../lib/query-cache';
import { useWizardStore } from '../../hooks/wizard-store';
import { fetchUrlContext, saveUrlContext, urlContextKey } from '../api/url-context-api';

/**
 * The wizard page's remembered context (null before one is saved), kept for the API cache's
 * hour (spec section 9); a save replaces it at once. Off while the address is not a page URL.
 */
export function usePageContext() {
  const { slug: team } = useCurrentTeam();
  const { state } = useWizardStore();
  const url = state.ingestedUrl;
  const valid = pageUrlKey(url) !== null;
  const query = useQuery({
    queryKey: urlContextKey(team, url),
    queryFn: () => fetchUrlContext(team, url),
    enabled: valid,
    ...API_QUERY_CACHE,
  });
  return { url: valid ? url : undefined, query };
}

export function useSavePageContext() {
  const { slug: team } = useCurrentTeam();
  const { state } = useWizardStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (context: UrlContext) => saveUrlContext(team, { url: state.ingestedUrl, context }),
    onSuccess: (answer) => {
      const key = urlContextKey(team, state.ingestedUrl);
      return storeWriteAnswer(queryClient, { key, prefix: key, answer });
    },
  });
}
