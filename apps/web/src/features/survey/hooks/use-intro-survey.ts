import type { IntroSurveyAnswers } from '@kindling/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dismissIntroSurvey,
  fetchIntroSurvey,
  introSurveyKey,
  saveIntroSurvey,
} from '../api/survey-api';

export function useIntroSurvey(team: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: introSurveyKey(team),
    queryFn: () => fetchIntroSurvey(team),
    enabled,
  });
}

/** Saves the answers; the server's answer replaces the cached survey (the prompt goes). */
export function useSaveIntroSurvey(team: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: IntroSurveyAnswers) => saveIntroSurvey(team, answers),
    onSuccess: (state) => queryClient.setQueryData(introSurveyKey(team), state),
  });
}

/** "Not now". */
export function useDismissIntroSurvey(team: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dismissIntroSurvey(team),
    onSuccess: (state) => queryClient.setQueryData(introSurveyKey(team), state),
  });
}
