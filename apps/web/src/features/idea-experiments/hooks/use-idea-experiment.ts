import type { ExperimentVariant } from '@kindling/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  experimentKey,
  fetchExperiment,
  fetchTestedPage,
  startExperiment,
  stopExperiment,
  suggestVariants,
  testedPageKey,
} from '../api/idea-experiments-api';

/** While running, the numbers refresh every few seconds; each read also applies the stop rule. */
export const RUNNING_REFRESH_MS = 3000;

export function useTestedPage(team: string, pageId: number) {
  return useQuery({
    queryKey: testedPageKey(team, pageId),
    queryFn: () => fetchTestedPage(team, pageId),
  });
}

export function useIdeaExperiment(team: string, pageId: number) {
  return useQuery({
    queryKey: experimentKey(team, pageId),
    queryFn: () => fetchExperiment(team, pageId),
    refetchInterval: (query) =>
      query.state.data?.status === 'running' ? RUNNING_REFRESH_MS : false,
  });
}

export function useStartExperiment(team: string, pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variants: ExperimentVariant[]) => startExperiment(team, pageId, variants),
    onSuccess: (answer) => queryClient.setQueryData(experimentKey(team, pageId), answer),
  });
}

export function useStopExperiment(team: string, pageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => stopExperiment(team, pageId),
    onSuccess: (answer) => queryClient.setQueryData(experimentKey(team, pageId), answer),
  });
}

export function useSuggestVariants(team: string, pageId: number) {
  return useMutation({ mutationFn: (idea: string) => suggestVariants(team, pageId, idea) });
}
