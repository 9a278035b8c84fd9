import { INTRO_SURVEY_DEFAULTS, introSurveySchema } from '@kindling/domain';
import type { SurveyRow } from './repo';

/**
 * What the app is told: the answers once given (null before), whether the team put the survey
 * off, and the defaults the form opens with (spec section 3).
 */
export function presentIntroSurvey(row: SurveyRow | undefined) {
  const answers = row?.answeredAt ? introSurveySchema.safeParse(row) : undefined;
  return {
    survey:
      row?.answeredAt && answers?.success
        ? { ...answers.data, answeredAt: row.answeredAt.toISOString() }
        : null,
    dismissed: Boolean(row?.dismissedAt),
    defaults: INTRO_SURVEY_DEFAULTS,
  };
}

export type IntroSurveyView = ReturnType<typeof presentIntroSurvey>;
