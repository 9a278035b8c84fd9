import {
  LANDING_PAGE_HONEYPOT_FIELD,
  landingPageSignupSchema,
  renderLandingPageNotice,
  DEFAULT_LANDING_PAGE_TEMPLATE_ID,
} from '@kindling/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { readFormFields } from '../../http/form-body';
import { cacheLikeOrigin, publicAnswerOrigin } from '../../http/public-answer';
import type { AppInstance, AppServices } from '../../http/types';
import { getPublicPage, getThanksPage } from './get-public-page';
import { signUpToPage } from './sign-up-to-page';

const tags = ['pages'];
const FORM = 'application/x-www-form-urlencoded';

/**
 * The largest sign-up body: an address (at most 254 characters, 762 bytes url-encoded) and the
 * honeypot; the page's own form sends well under 1 KB. A bot that fills the honeypot with more
 * is refused 413 instead of 400: either way nothing is stored.
 */
export const SIGNUP_BODY_LIMIT_BYTES = 4 * 1024;
/** Sign-up bytes per client address per minute next to the requests: four largest bodies. */
export const SIGNUP_BYTES_PER_MINUTE = 4 * SIGNUP_BODY_LIMIT_BYTES;
/** The page's form sends two fields (email and the honeypot); a few more are tolerated. */
export const SIGNUP_MAX_FORM_FIELDS = 8;
const SIGNUP_FIELDS = ['email', LANDING_PAGE_HONEYPOT_FIELD] as const;

const publicParams = z.object({ team: z.string(), slug: z.string() });

/**
 * Nothing but the tracker runs (and the variant preview script it loads for a preview link);
 * styles are inline (the tracker's anti-flicker <style> too).
 */
export function pageCsp({ scriptSrcs, appOrigin }: { scriptSrcs?: string[]; appOrigin?: string }) {
  return [
    "default-src 'none'",
    scriptSrcs?.length ? `script-src ${scriptSrcs.join(' ')}` : "script-src 'none'",
    appOrigin ? `connect-src ${appOrigin}` : "connect-src 'none'",
    "style-src 'unsafe-inline'",
    'img-src http: https: data:',
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const isFormPost = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM);

function sendNotice(
  reply: FastifyReply,
  notice: {
    status: number;
    title: string;
    message: string;
    backHref: string;
    templateId?: 1 | 2 | 3;
  },
) {
  return reply
    .status(notice.status)
    .header('content-security-policy', pageCsp({}))
    .header('x-robots-tag', 'noindex')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      renderLandingPageNotice({
        templateId: notice.templateId ?? DEFAULT_LANDING_PAGE_TEMPLATE_ID,
        title: notice.title,
        message: notice.message,
        backHref: notice.backHref,
      }),
    );
}

/**
 * Published burner pages, public: GET /p/{team}/{slug} (static HTML, ETag, short public cache,
 * a CSP that lets only the tracker run) and POST /p/{team}/{slug}/signup {email} as JSON or a
 * form post (the page's own form: sent on to GET /p/{team}/{slug}/thanks, a small thank-you
 * page with the tracker, whose view is the page's sign-up goal).
 */
export function publicPageRoutes(app: AppInstance, services: AppServices): void {
  void app.register((plain, _options, registered) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(FORM, { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(
          null,
          readFormFields(body as string, {
            fields: SIGNUP_FIELDS,
            maxFields: SIGNUP_MAX_FORM_FIELDS,
          }),
        );
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    // A person who posted the form reads the problem on a page, not as JSON.
    scope.setErrorHandler((error, request, reply) => {
      const isBadInput = error instanceof AppError || hasZodFastifySchemaValidationErrors(error);
      if (!isFormPost(request) || !isBadInput) throw error;
      const { team, slug } = request.params as { team: string; slug: string };
      const status = error instanceof AppError ? error.status : 400;
      return sendNotice(reply, {
        status,
        title: 'That did not work',
        message: error.message,
        backHref: `/p/${encodeURIComponent(team)}/${encodeURIComponent(slug)}`,
      });
    });

    scope.get(
      '/p/:team/:slug',
      {
        schema: {
          tags,
          summary: 'A published page (HTML, cached 60 s; by shared caches only with PUBLIC_URL)',
          params: publicParams,
        },
      },
      async (request, reply) => {
        const { origin, cacheControl } = publicAnswerOrigin(services.config, request);
        const page = await getPublicPage(services, { ...request.params, appOrigin: origin });
        void cacheLikeOrigin(reply, { cacheControl })
          .header('etag', page.etag)
          .header(
            'content-security-policy',
            pageCsp({ scriptSrcs: page.scriptSrcs, appOrigin: origin }),
          );
        if (!page.indexable) void reply.header('x-robots-tag', 'noindex');
        const seen = (request.headers['if-none-match'] ?? '')
          .split(',')
          .map((tag) => tag.trim().replace(/^W\//, ''));
        if (seen.includes(page.etag)) return reply.status(304).send();
        return reply.type('text/html; charset=utf-8').send(page.html);
      },
    );

    scope.post(
      '/p/:team/:slug/signup',
      {
        schema: {
          tags,
          summary:
            'Signs an e-mail address up to a published page: JSON 201, a form post 303 to /thanks',
          // The page's own form posts url-encoded and is sent on to the thank-you page.
          consumes: ['application/json', FORM],
          params: publicParams,
          body: landingPageSignupSchema,
          response: {
            201: z
              .object({ ok: z.literal(true) })
              .describe('JSON; a form post is answered 303 to /p/{team}/{slug}/thanks'),
          },
        },
        bodyLimit: SIGNUP_BODY_LIMIT_BYTES,
        config: {
          rateLimit: { max: services.config.PAGE_SIGNUP_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
          byteBudget: {
            name: 'page-signup',
            windows: [{ bytes: SIGNUP_BYTES_PER_MINUTE, windowMs: 60_000 }],
          },
        },
      },
      async (request, reply) => {
        const signedUp = await signUpToPage(services, {
          ...request.params,
          email: request.body.email,
          honeypot: request.body[LANDING_PAGE_HONEYPOT_FIELD],
        });
        if (!isFormPost(request)) return reply.status(201).send({ ok: true });
        // See other: the thank-you page is a page view of its own, which the tracker counts
        // as the sign-up goal, and reloading it does not post the form again.
        return reply.redirect(`${signedUp.pageHref}/thanks`, 303);
      },
    );

    scope.get(
      '/p/:team/:slug/thanks',
      {
        schema: {
          tags,
          summary: "A published sign-up page's thank-you page (public HTML, tracker built in)",
          params: publicParams,
        },
      },
      async (request, reply) => {
        const { origin, cacheControl } = publicAnswerOrigin(services.config, request);
        const page = await getThanksPage(services, { ...request.params, appOrigin: origin });
        return cacheLikeOrigin(reply, { cacheControl })
          .header('x-robots-tag', 'noindex')
          .header(
            'content-security-policy',
            pageCsp({ scriptSrcs: page.scriptSrcs, appOrigin: origin }),
          )
          .type('text/html; charset=utf-8')
          .send(page.html);
      },
    );
    registered();
  });
}
