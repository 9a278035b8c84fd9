import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, unauthenticated } from '../../errors';
import { appOrigin } from '../../http/app-origin';
import type { AppInstance, AppServices } from '../../http/types';
import { authenticate } from '../auth/authenticate';
import { checkSession } from '../auth/verify-session';
import { errorPageHtml, sendPreviewHtml } from './preview-response';
import { createTicketService } from './preview-ticket';
import { renderPreviewPage, type OwnPageLoader } from './render-preview-page';

const PAGE_PATH = '/api/preview/page';

const pageQuery = z.object({
  url: z.string().trim().min(1).max(8_000),
  ticket: z.string().max(1_000).optional(),
});
export const TICKET_URL_MESSAGE = 'url must be the address of the page to preview';

// The query is parsed inside the handler: every failure must reach the iframe as an HTML page.
const PAGE_DOCS = {
  tags: ['preview'],
  summary: 'The page at `url`, rewritten for the sandboxed editor preview (HTML)',
  description:
    'Query: `url` and the `ticket` that `POST /api/preview/ticket` issued for it. No access ' +
    'token ever rides in the address, where proxies and logs would keep it.',
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
  {
    authSecret,
    loadOwnPage,
  }: {
    /** Signs the preview tickets. */
    authSecret: string;
    /** The app's own published pages are rendered in place, never fetched (issue 18). */
    loadOwnPage?: OwnPageLoader;
  },
): void {
  const { config } = services;
  const tickets = createTicketService(authSecret);

  // The iframe cannot send an Authorization header: the app asks for a ticket bound to one URL
  // and one session with its bearer token, then frames the page with only the ticket.
  app.post(
    '/api/preview/ticket',
    {
      schema: {
        tags: ['preview'],
        security: [{ bearer: [] }],
        summary: 'A short-lived ticket to frame one page in the preview, and its address',
        body: z.object({
          url: z
            .string(TICKET_URL_MESSAGE)
            .trim()
            .min(1, TICKET_URL_MESSAGE)
            .max(8_000, TICKET_URL_MESSAGE),
        }),
      },
    },
    async (request) => {
      const user = await authenticate(services, request);
      const { url } = request.body;
      const ticket = tickets.issue(url, { userId: user.id, sessionId: user.sessionId });
      return { ticket, src: `${PAGE_PATH}?${new URLSearchParams({ url, ticket }).toString()}` };
    },
  );

  // The page answers with its own headers (preview-response.ts), none of the app's.
  app.get(
    PAGE_PATH,
    { schema: PAGE_DOCS, helmet: false, config: { guardText: false } },
    async (request, reply) => {
      const parentOrigin = appOrigin(services.config, request);
      try {
        const query = pageQuery.safeParse(request.query);
        if (!query.success) throw new AppError('VALIDATION', 'The preview address is missing.');
        const { url, ticket } = query.data;
        const claims = ticket === undefined ? undefined : tickets.verify(ticket, url);
        if (!claims || !(await checkSession(services, claims))) {
          throw unauthenticated();
        }
        const page = await renderPreviewPage({
          url,
          allowHosts: config.PREVIEW_ALLOW_HOSTS,
          parentOrigin,
          signal: abortOnDisconnect(reply),
          ownPage: await loadOwnPage?.({ url, request }),
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
