import type { IntroSurveyAnswers } from '@kindling/domain';
import { api, teamApiPath } from '../../../lib/api-client';

/** The team's intro survey as the server tells it (GET /intro-survey). */
export interface IntroSurveyState {
  /** The answers once given; null before. */
  survey: (IntroSurveyAnswers & { answeredAt: string }) | null;
  /** The team chose "Not now": the campaign list stops asking. */
  dismissed: boolean;
  defaults: IntroSurveyAnswers;
}

export const introSurveyKey = (team: string) => ['intro-survey', team] as const;

export function fetchIntroSurvey(team: string): Promise<IntroSurveyState> {
  return api.get(teamApiPath(team, '/intro-survey'));
}

export function saveIntroSurvey(
  team: string,
  answers: IntroSurveyAnswers,
): Promise<IntroSurveyState> {
  return api.post(teamApiPath(team, '/intro-survey/save'), answers);
}

export function dismissIntroSurvey(team: string): Promise<IntroSurveyState> {
  return api.post(teamApiPath(team, '/intro-survey/dismiss'));
}
