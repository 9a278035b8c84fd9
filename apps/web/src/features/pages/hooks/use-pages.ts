import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  fetchPage,
  fetchPages,
  fetchSignups,
  pageKey,
  pagesKey,
  signupsKey,
} from '../api/pages-api';

/** Sign-ups arrive from visitors, not from this screen: both lists are read afresh on every visit. */
const FRESH = { staleTime: 0, refetchOnWindowFocus: true } as const;

export function usePages(team: string) {
  return useQuery({ queryKey: pagesKey(team), queryFn: () => fetchPages(team), ...FRESH });
}

export function usePage(team: string, id: number) {
  return useQuery({
    queryKey: pageKey(team, id),
    queryFn: () => fetchPage(team, id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** One page of sign-ups; the previous page stays on screen while the next one loads. */
export function useSignups(team: string, id: number, page: number) {
  return useQuery({
    queryKey: signupsKey(team, id, page),
    queryFn: () => fetchSignups(team, id, page),
    placeholderData: keepPreviousData,
    ...FRESH,
  });
}
