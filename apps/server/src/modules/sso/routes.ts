import { SSO_MESSAGES, type SsoRefusalKey } from '@kindling/domain';
import { z } from 'zod';
import { forbidden, notFound } from '../../errors';
import type { AppInstance, AppServices } from '../../http/types';
import { authRateLimit } from '../auth/rate-limit';
import { tokensSchema } from '../auth/tokens-schema';
import { exchangeSsoHandoff } from './exchange-sso-handoff';
import { finishSso, SsoRefusal } from './finish-sso';
import { oidcProvider, ssoConfigured } from './oidc-provider-config';
import { startSso } from './start-sso';

const tags = ['auth'];
const SIGN_IN_PAGE = '/admin/auth/sign-in';
const LANDING_PAGE = '/admin/auth/sso';
/** Binds a sign-on to the browser that started it; sent back only to the SSO routes. */
const BROWSER_COOKIE = 'kindling_sso';
const cookieOf = (header: string | undefined) =>
  header ? new RegExp(`(?:^|;\\s*)${BROWSER_COOKIE}=([\\w-]+)`).exec(header)?.[1] : undefined;
/** What an only-SSO server refuses: every way in or back in with a password. */
const PASSWORD_ROUTES = new Set([
  'POST /api/auth/sign-in',
  'POST /api/user/register',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/complete',
]);

/**
 * Single sign-on with OpenID Connect (issue 33; docs/api.md "Single sign-on"): what the sign-in
 * screen offers, the start, the provider's callback and the app's exchange of the one-time
 * handoff for its session. Without OIDC_ISSUER, only GET /api/auth/sso answers (404).
 */
export function ssoRoutes(app: AppInstance, services: AppServices): void {
  const { config } = services;
  app.get(
    '/api/auth/sso',
    {
      schema: {
        tags,
        summary:
          'What the sign-in screen offers: {name, only} when single sign-on is set up (OIDC_ISSUER), 404 without it',
        response: { 200: z.object({ name: z.string(), only: z.boolean() }) },
      },
    },
    () => {
      if (!ssoConfigured(config)) throw notFound(SSO_MESSAGES.unavailable);
      return { name: config.OIDC_NAME, only: config.OIDC_ONLY };
    },
  );
  if (!ssoConfigured(config)) return;

  if (config.OIDC_ONLY) {
    app.addHook('onRequest', (request, _reply, done) => {
      const refused = PASSWORD_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`);
      done(refused ? forbidden(SSO_MESSAGES.ssoOnly(config.OIDC_NAME)) : undefined);
    });
  }
  const deps = { ...services, provider: oidcProvider(config) };
  const limited = authRateLimit(config);
  const back = (key: SsoRefusalKey) =>
    `${SIGN_IN_PAGE}?${new URLSearchParams({ sso_error: key }).toString()}`;

  app.get(
    '/api/auth/sso/start',
    {
      config: limited,
      schema: {
        tags,
        summary:
          "Starts a sign-on: redirects to the provider's sign-in with a fresh state, nonce and PKCE challenge",
        querystring: z.object({
          next: z.string().max(2048).optional(),
          login_hint: z.string().max(320).optional(),
        }),
      },
    },
    async (request, reply) => {
      try {
        const { next, login_hint: loginHint } = request.query;
        const { url, browserKey } = await startSso(deps, { next, loginHint });
        const secure = config.PUBLIC_URL!.startsWith('https:') ? '; Secure' : '';
        void reply.header(
          'set-cookie',
          `${BROWSER_COOKIE}=${browserKey}; Path=/api/auth/sso; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
        );
        return reply.redirect(url);
      } catch (error) {
        request.log.error({ err: error }, 'single sign-on could not start');
        return reply.redirect(back('refused'));
      }
    },
  );

  app.get(
    '/api/auth/sso/callback',
    {
      config: limited,
      schema: {
        tags,
        summary:
          "The provider's answer: checks it, signs the person on and redirects to the app with a one-time handoff code (or back to sign-in with the reason)",
      },
    },
    async (request, reply) => {
      try {
        const callbackUrl = new URL(request.url, 'http://callback.invalid');
        const { handoff, next } = await finishSso(
          { ...deps, log: request.log },
          { callbackUrl, browserKey: cookieOf(request.headers.cookie) },
        );
        // In the fragment: never sent to a server, nor in a Referer.
        const query = new URLSearchParams({ next }).toString();
        return reply.redirect(`${LANDING_PAGE}?${query}#code=${handoff}`);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        return reply.redirect(back(error.key));
      }
    },
  );

  app.post(
    '/api/auth/sso/exchange',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Exchanges the one-time handoff code for the session tokens (once, within 60 s)',
        body: z.object({ code: z.string().min(1).max(200) }),
        response: {
          200: tokensSchema,
        },
      },
    },
    async (request, reply) => {
      const tokens = await exchangeSsoHandoff(services, {
        ...request.body,
        browserKey: cookieOf(request.headers.cookie),
      });
      // Used: the cookie goes.
      void reply.header('set-cookie', `${BROWSER_COOKIE}=; Path=/api/auth/sso; Max-Age=0`);
      return tokens;
    },
  );
}
