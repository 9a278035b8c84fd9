import {
  instancePageSchema as pageNumberSchema,
  landingPageInputSchema,
  rowIdParam,
} from '@kindling/domain';
import { z } from 'zod';
import { requireTeam, requireUser } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { createPage } from './create-page';
import { deletePage } from './delete-page';
import { exportSignups } from './export-signups';
import { getPage } from './get-page';
import { getPages } from './get-pages';
import { getSignups } from './get-signups';
import { pagesOrigin } from './page-origin';
import { publishPage } from './publish-page';
import { unpublishPage } from './unpublish-page';
import { updatePage } from './update-page';
import type { PageGone } from './unpublish-page';

const tags = ['pages'];
const security = [{ bearer: [] }];
const pageParams = z.object({
  team: z.string(),
  id: rowIdParam,
});

/**
 * A team's burner landing pages (issue 18): /api/team/{team}/pages, /pages/{id},
 * /pages/{id}/publish|unpublish, /pages/{id}/signups and /pages/{id}/signups.csv. Any member may manage them.
 */
export function pageRoutes(
  scope: AppInstance,
  services: AppServices,
  /** Called when a page goes off the web (unpublished or deleted): its experiment stops. */
  { onPageGone }: { onPageGone?: PageGone } = {},
): void {
  scope.post(
    '/pages',
    {
      schema: {
        tags,
        security,
        summary: 'Creates an unpublished page; 201 {id, url}',
        params: z.object({ team: z.string() }),
        body: landingPageInputSchema,
        response: { 201: z.object({ id: z.number(), url: z.string() }) },
      },
    },
    async (request, reply) => {
      const page = await createPage(services, {
        team: requireTeam(request),
        userId: requireUser(request).id,
        origin: pagesOrigin(services.config, request),
        page: request.body,
      });
      return reply.status(201).send({ id: page.id, url: page.url });
    },
  );

  scope.get(
    '/pages',
    {
      schema: {
        tags,
        security,
        summary: "The team's pages",
        params: z.object({ team: z.string() }),
      },
    },
    (request) =>
      getPages(services, {
        team: requireTeam(request),
        origin: pagesOrigin(services.config, request),
      }),
  );

  scope.get(
    '/pages/:id',
    { schema: { tags, security, summary: 'One page', params: pageParams } },
    (request) =>
      getPage(services, {
        team: requireTeam(request),
        id: request.params.id,
        origin: pagesOrigin(services.config, request),
      }),
  );

  scope.put(
    '/pages/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Replaces a page (published pages change at once)',
        params: pageParams,
        body: landingPageInputSchema,
      },
    },
    (request) =>
      updatePage(services, {
        team: requireTeam(request),
        id: request.params.id,
        origin: pagesOrigin(services.config, request),
        page: request.body,
      }),
  );

  scope.delete(
    '/pages/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a page and its sign-ups; 204',
        params: pageParams,
      },
    },
    async (request, reply) => {
      await deletePage(
        { ...services, onPageGone },
        { team: requireTeam(request), id: request.params.id },
      );
      return reply.status(204).send();
    },
  );

  for (const [action, run, summary] of [
    ['publish', publishPage, 'Publishes the page at its url'],
    ['unpublish', unpublishPage, 'Takes the page off the web (404); sign-ups stay'],
  ] as const) {
    scope.post(
      `/pages/:id/${action}`,
      { schema: { tags, security, summary, params: pageParams } },
      (request) =>
        run(
          { ...services, onPageGone },
          {
            team: requireTeam(request),
            id: request.params.id,
            origin: pagesOrigin(services.config, request),
          },
        ),
    );
  }

  scope.get(
    '/pages/:id/signups',
    {
      schema: {
        tags,
        security,
        summary: "The page's sign-ups, 30 a page, newest first",
        params: pageParams,
        querystring: z.object({ page: pageNumberSchema }),
      },
    },
    (request) =>
      getSignups(services, {
        team: requireTeam(request),
        id: request.params.id,
        page: request.query.page,
      }),
  );

  scope.get(
    '/pages/:id/signups.csv',
    { schema: { tags, security, summary: "The page's sign-ups as CSV", params: pageParams } },
    async (request, reply) => {
      const { filename, csv } = await exportSignups(services, {
        team: requireTeam(request),
        id: request.params.id,
      });
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
}
