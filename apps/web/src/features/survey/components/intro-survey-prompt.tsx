import { useCurrentTeam } from '../../../lib/current-team';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { toastError } from '../../../ui/toast';
import { useDismissIntroSurvey, useIntroSurvey } from '../hooks/use-intro-survey';
import { IntroSurveyForm } from './intro-survey-form';
import styles from './intro-survey-prompt.module.css';

/**
 * The intro survey after the first sign-in (spec section 1): an inline card on the campaign
 * list until a member answers or says "Not now". Not a dialog: it never stands between a new
 * team and its first campaign. Guests are not asked; a failed load asks nothing either.
 */
export function IntroSurveyPrompt() {
  const { slug, membership, isReadOnly } = useCurrentTeam();
  const survey = useIntroSurvey(slug, { enabled: !isReadOnly });
  const dismiss = useDismissIntroSurvey(slug);

  if (isReadOnly || !survey.data || survey.data.survey || survey.data.dismissed) return null;
  return (
    <Card
      className={styles.card}
      title={`Tell us about ${membership.name}`}
      description="A few answers help us make Kindling fit the way you work. You can change them later in the team settings."
      data-testid="intro-survey-card"
    >
      <IntroSurveyForm
        team={slug}
        initial={survey.data.defaults}
        savedMessage={`Thanks for telling us about ${membership.name}`}
        extraActions={
          <Button
            variant="outline"
            color="secondary"
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate(undefined, { onError: (error) => toastError(error) })}
          >
            Not now
          </Button>
        }
      />
    </Card>
  );
}
