import { useQuery } from '@tanstack/react-query';
import { fetchClientConfig } from './client-config';

/**
 * Where the app's own published pages live, as the server tells it: the campaign URL rules
 * accept those pages even on localhost or a LAN address (isValidCampaignUrl). Null until known
 * or when the server has no configured origin.
 */
export function useOwnPagesOrigin(): string | null {
  const config = useQuery({
    queryKey: ['client-config'],
    queryFn: fetchClientConfig,
    staleTime: Infinity,
  });
  return config.data?.pagesOrigin ?? null;
}
