import {
  saveUrlContextSchema,
  urlContextQuerySchema,
  urlContextViewSchema,
} from '@kindling/domain';
import { requireTeam, requireUser, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { getUrlContext } from './get-url-context';
import { saveUrlContext } from './save-url-context';

const tags = ['url-context'];
const security = [{ bearer: [] }];
const response = { 200: urlContextViewSchema };

export function urlContextRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/url-context/by-url',
    {
      schema: {
        tags,
        security,
        summary: "A page's remembered context for AI prompts (null when none is saved)",
        params: teamParams,
        querystring: urlContextQuerySchema,
        response,
      },
    },
    (request) => getUrlContext(services, { team: requireTeam(request), url: request.query.url }),
  );

  scope.post(
    '/url-context/save',
    {
      schema: {
        tags,
        security,
        summary: "Saves a page's context; an empty context forgets it",
        params: teamParams,
        body: saveUrlContextSchema,
        response,
      },
    },
    (request) =>
      saveUrlContext(services, {
        team: requireTeam(request),
        userId: requireUser(request).id,
        url: request.body.url,
        context: request.body.context,
      }),
  );
}
