import {
  ideaExperimentInputSchema,
  ideaExperimentViewSchema,
  ideaSuggestionInputSchema,
  rowIdParam,
} from '@kindling/domain';
import { z } from 'zod';
import { requireTeam } from '../../http/team-scope';
import type { AppInstance } from '../../http/types';
import { pagesOrigin } from '../pages/page-origin';
import type { ExperimentDeps } from './experiment-deps';
import { getExperiment, stopExperimentByHand } from './get-experiment';
import { presentExperiment } from './present-experiment';
import { startExperiment } from './start-experiment';
import { checkExperiment } from './stop-experiment';
import { suggestVariants } from './suggest-variants';

const tags = ['idea experiments'];
const security = [{ bearer: [] }];
const params = z.object({ team: z.string(), id: rowIdParam });

/**
 * "Test this idea" on a page (issue 18): /api/team/{team}/pages/{id}/experiment (start, read),
 * /experiment/stop and /experiment/suggestions. Any member may run one.
 */
export function ideaExperimentRoutes(scope: AppInstance, deps: ExperimentDeps): void {
  scope.post(
    '/pages/:id/experiment',
    {
      schema: {
        tags,
        security,
        summary: 'Starts an experiment of 1 to 5 headline and button variants; 201',
        params,
        body: ideaExperimentInputSchema,
        response: { 201: ideaExperimentViewSchema },
      },
    },
    async (request, reply) => {
      const row = await startExperiment(deps, {
        team: requireTeam(request),
        pageId: request.params.id,
        origin: pagesOrigin(deps.config, request),
        input: request.body,
      });
      const checked = await checkExperiment(deps, row);
      return reply
        .status(201)
        .send(presentExperiment(checked.row, checked.result, checked.traffic));
    },
  );

  scope.get(
    '/pages/:id/experiment',
    {
      schema: {
        tags,
        security,
        summary: "The page's newest experiment: arms, stop reason and verdict",
        params,
        response: { 200: ideaExperimentViewSchema },
      },
    },
    (request) =>
      getExperiment(deps, {
        team: requireTeam(request),
        pageId: request.params.id,
        origin: pagesOrigin(deps.config, request),
      }),
  );

  scope.post(
    '/pages/:id/experiment/stop',
    {
      schema: {
        tags,
        security,
        summary: 'Stops the running experiment by hand',
        params,
        response: { 200: ideaExperimentViewSchema },
      },
    },
    (request) =>
      stopExperimentByHand(deps, {
        team: requireTeam(request),
        pageId: request.params.id,
        origin: pagesOrigin(deps.config, request),
      }),
  );

  scope.post(
    '/pages/:id/experiment/suggestions',
    {
      schema: {
        tags,
        security,
        summary: 'Up to 5 headline and button pairs for an idea (AI)',
        params,
        body: ideaSuggestionInputSchema,
      },
    },
    (request) =>
      suggestVariants(deps, {
        team: requireTeam(request),
        pageId: request.params.id,
        origin: pagesOrigin(deps.config, request),
        idea: request.body.idea,
      }),
  );
}
