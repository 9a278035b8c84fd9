import { holdoutInputSchema } from '@kindling/domain';
import { z } from 'zod';
import { requireOwner, requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { getHoldout } from './get-holdout';
import { setHoldout } from './set-holdout';

const tags = ['holdout'];
const security = [{ bearer: [] }];
const counts = z.object({ visitors: z.number(), conversions: z.number() });
const holdoutAnswer = z.object({
  percent: z.number(),
  holdout: counts,
  exposed: counts,
  since: z.string().nullable(),
  impact: z.object({
    state: z.enum(['off', 'collecting', 'lifted', 'hurt', 'no_difference']),
    holdoutRate: z.number().nullable(),
    exposedRate: z.number().nullable(),
    lift: z.number().nullable(),
    interval: z.tuple([z.number(), z.number()]).nullable(),
    sentence: z.string(),
  }),
});

/** The global holdout (issue 31; docs/api.md "Global holdout"). */
export function holdoutRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/holdout',
    {
      schema: {
        tags,
        security,
        summary:
          "The team's global holdout: its share, the visitors and conversions of each group since it was set, and everyone else's conversion against the holdout's",
        params: teamParams,
        response: { 200: holdoutAnswer },
      },
    },
    (request) => getHoldout(services, { teamId: requireTeam(request).id }),
  );

  scope.put(
    '/holdout',
    {
      schema: {
        tags,
        security,
        summary:
          'Sets the share of visitors (0-20%) who see no campaign at all; a new share starts the comparison again. Owners only',
        params: teamParams,
        body: holdoutInputSchema,
        response: { 200: holdoutAnswer },
      },
    },
    (request) => setHoldout(services, { teamId: requireOwner(request).id, ...request.body }),
  );
}
