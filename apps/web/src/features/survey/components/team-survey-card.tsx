import { useCurrentTeam } from '../../../lib/current-team';
import { Card } from '../../../ui/card';
import { ErrorPanel } from '../../../ui/error-panel';
import { LoadingState } from '../../../ui/spinner';
import { useIntroSurvey } from '../hooks/use-intro-survey';
import { IntroSurveyForm } from './intro-survey-form';

/** Settings -> Team: the intro survey's answers, editable by any member (defaults before). */
export function TeamSurveyCard() {
  const { slug, isReadOnly } = useCurrentTeam();
  const survey = useIntroSurvey(slug);

  return (
    <Card
      title="About your team"
      description="Your answers to the intro survey. Any member can change them."
      data-testid="team-survey-card"
    >
      {survey.isPending ? (
        <LoadingState />
      ) : survey.isError ? (
        <ErrorPanel
          title="Could not load your answers"
          error={survey.error}
          onRetry={() => void survey.refetch()}
        />
      ) : (
        <IntroSurveyForm
          team={slug}
          initial={answersOf(survey.data.survey) ?? survey.data.defaults}
          savedMessage="Team answers saved"
          readOnly={isReadOnly}
          saveOnlyChanges
          submitLabel="Save answers"
        />
      )}
    </Card>
  );
}

function answersOf<T extends { answeredAt: string }>(survey: T | null) {
  if (!survey) return null;
  const { answeredAt: _answeredAt, ...answers } = survey;
  return answers;
}
