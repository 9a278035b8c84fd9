import {
  identifyAnswerSchema,
  identifyInputSchema,
  IDENTITY_MESSAGES,
  type IdentifyInput,
} from '@kindling/domain';
import { acceptTextPlainJson } from '../../http/json-body';
import { openToEveryOrigin } from '../../http/open-to-every-origin';
import { teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { findPublicTeam } from '../teams/find-public-team';
import { trackerPartRoute } from '../tracker/tracker-part-route';
import { identifyVisitor, type IdentifyDeps } from './identify-visitor';

const tags = ['identity'];
/** A body is two short strings; a kilobyte leaves room for whitespace and nothing more. */
export const IDENTIFY_BODY_LIMIT_BYTES = 1024;

/**
 * Identity across devices (issue 31), without sign-in and from any origin, as customers' pages
 * call them: GET /api/tracker/{team}/identify.js, the part the tracker loads after
 * `kindling('identify', userId)`, and POST /api/tracker/{team}/identify, which it calls.
 */
export function identityRoutes(app: AppInstance, services: AppServices): void {
  const deps: IdentifyDeps = {
    db: services.db,
    findPublicTeam: (input) => findPublicTeam(services, input),
  };
  void app.register((scope, _options, registered) => {
    // The part posts text/plain, a CORS simple request: no preflight on customers' pages.
    acceptTextPlainJson(scope, { notJson: IDENTITY_MESSAGES.notJson });
    openToEveryOrigin(scope, {
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '86400',
    });
    trackerPartRoute(scope, services, {
      part: 'identify',
      tags,
      summary:
        "The part the tracker loads after kindling('identify', userId): hashes the id in the browser and links it (cached 60 s)",
    });
    scope.options(
      '/api/tracker/:team/identify',
      { schema: { tags, summary: 'CORS preflight', params: teamParams } },
      (_request, reply) => reply.status(204).send(),
    );
    scope.post(
      '/api/tracker/:team/identify',
      {
        schema: {
          tags,
          summary:
            "Links a signed-in person's identity (SHA-256 made in the browser) to this device's visitor id; answers the identity's first visitor id, which every device of that person takes",
          params: teamParams,
          body: identifyInputSchema,
          response: { 200: identifyAnswerSchema },
        },
        bodyLimit: IDENTIFY_BODY_LIMIT_BYTES,
        config: {
          rateLimit: { max: services.config.COLLECT_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
        },
      },
      (request) =>
        identifyVisitor(deps, {
          slug: (request.params as { team: string }).team,
          input: request.body as IdentifyInput,
        }),
    );
    registered();
  });
}
