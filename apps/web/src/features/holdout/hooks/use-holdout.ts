import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchHoldout, holdoutKey, saveHoldout } from '../api/holdout-api';

export function useHoldout(team: string) {
  return useQuery({ queryKey: holdoutKey(team), queryFn: () => fetchHoldout(team) });
}

/** Saves the share; the server's answer (groups started again) replaces the cached report. */
export function useSaveHoldout(team: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (percent: number) => saveHoldout(team, percent),
    onSuccess: (report) => queryClient.setQueryData(holdoutKey(team), report),
  });
}
