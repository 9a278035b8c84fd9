import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, unauthenticated } from '../../errors';
import { appOrigin } from '../../http/app-origin';
import type { AppInstance, AppServices } from '../../http/types';
import { checkSession, verifyAccessToken } from '../auth/verify-session';
import { errorPageHtml, sendPreviewHtml } from './preview-response';
import type { TicketService } from './preview-ticket';
import { renderPreviewPage } from './render-preview-page';

const PAGE_PATH = '/api/preview/page';

const pageQuery = z.object({
  url: z.string().trim().min(1).max(8_000),
  token: z.string().max(4_000).optional(),
  ticket: z.string().max(1_000).optional(),
});

// The query is parsed inside the handler: every failure must reach the iframe as an HTML page.
const PAGE_DOCS = {
  tags: ['preview'],
  summary: 'The page at `url`, rewritten for the sandboxed editor preview (HTML)',
  description:
    'Query: `url` and either `token` (the access token; answered with a 303 to the same route ' +
    'with a URL-bound `ticket`, so the framed page never sees the token) or `ticket`.',
};

/** Aborts the upstream fetch when the browser goes away before the answer is sent. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('client went away'));
  });
  return controller.signal;
}

export function previewRoutes(
  app: AppInstance,
  services: AppServices,
  { tickets }: { tickets: TicketService },
): void {
  const { config } = services;

  // The iframe cannot send an Authorization header, so the access token comes in the query
  // once and is traded for a URL-bound ticket before any page script can read the address.
  // The page answers with its own headers (preview-response.ts), none of the app's.
  app.get(
    PAGE_PATH,
    { schema: PAGE_DOCS, helmet: false, config: { guardText: false } },
    async (request, reply) => {
      const parentOrigin = appOrigin(services.config, request);
      try {
        const query = pageQuery.safeParse(request.query);
        if (!query.success) throw new AppError('VALIDATION', 'The preview address is missing.');
        const { url, token, ticket } = query.data;
        if (token !== undefined) {
          const user = await verifyAccessToken(services, { accessToken: token });
          if (!user) throw unauthenticated();
          const next = new URLSearchParams({
            url,
            ticket: tickets.issue(url, { userId: user.id, sessionId: user.sessionId }),
          });
          return await reply.redirect(`${PAGE_PATH}?${next.toString()}`, 303);
        }
        const claims = ticket === undefined ? undefined : tickets.verify(ticket, url);
        if (!claims || !(await checkSession(services, claims))) {
          throw unauthenticated();
        }
        const page = await renderPreviewPage({
          url,
          allowHosts: config.PREVIEW_ALLOW_HOSTS,
          parentOrigin,
          signal: abortOnDisconnect(reply),
        });
        return await sendPreviewHtml(reply, page.status, page.html);
      } catch (error) {
        if (!(error instanceof AppError)) request.log.error({ err: error }, 'preview failed');
        const status = error instanceof AppError ? error.status : 500;
        const message =
          error instanceof AppError ? error.message : 'Something went wrong on our side.';
        return sendPreviewHtml(reply, status, errorPageHtml(message, parentOrigin));
      }
    },
  );
}
