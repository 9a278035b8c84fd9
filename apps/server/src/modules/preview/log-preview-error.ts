import { MAX_URL_LENGTH } from '@kindling/domain';
import { z } from 'zod';
import { teamParams, requireTeam } from '../../http/team-scope';
import type { AppInstance } from '../../http/types';

const querystring = z.object({ url: z.string().max(MAX_URL_LENGTH) });

/**
 * Spec section 7: the editor reports a page that failed to preview twice in a row, so support
 * can see which customer sites the proxy cannot show. Nothing is stored; the log is the record.
 */
export function logPreviewErrorRoutes(scope: AppInstance): void {
  scope.get(
    '/campaign/log-preview-error',
    {
      // A GET that writes to the log: guests may not.
      config: { access: 'write' },
      schema: {
        tags: ['preview'],
        security: [{ bearer: [] }],
        summary: 'Reports a page the preview failed to show (answers 204)',
        params: teamParams,
        querystring,
      },
    },
    async (request, reply) => {
      const team = requireTeam(request);
      request.log.warn({ team: team.slug, url: request.query.url }, 'preview error reported');
      return reply.status(204).send();
    },
  );
}
