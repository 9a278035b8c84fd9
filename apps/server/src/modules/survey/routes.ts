import { introSurveySchema } from '@kindling/domain';
import { requireTeam, requireUser, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { dismissIntroSurvey } from './dismiss-intro-survey';
import { getIntroSurvey } from './get-intro-survey';
import { saveIntroSurvey } from './save-intro-survey';

const tags = ['intro-survey'];
const security = [{ bearer: [] }];

export function introSurveyRoutes(scope: AppInstance, services: AppServices): void {
  scope.get('/intro-survey', { schema: { tags, security, params: teamParams } }, (request) =>
    getIntroSurvey(services, { team: requireTeam(request) }),
  );

  scope.post(
    '/intro-survey/save',
    { schema: { tags, security, params: teamParams, body: introSurveySchema } },
    (request) =>
      saveIntroSurvey(services, {
        team: requireTeam(request),
        userId: requireUser(request).id,
        answers: request.body,
      }),
  );

  scope.post(
    '/intro-survey/dismiss',
    { schema: { tags, security, params: teamParams } },
    (request) => dismissIntroSurvey(services, { team: requireTeam(request) }),
  );
}
