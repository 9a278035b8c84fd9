import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { auditActors } from './db/audit-actor';
import { postgresPoolOf, type Db } from './db/database';
import { serveFiles } from './files/serve-files';
import { PUBLIC_BODY_LIMIT_BYTES } from './http/body-limit';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  installErrorHandler,
} from './http/error-handler';
import { loggerOptions } from './http/logger';
import { installSecurityHeaders } from './http/security-headers';
import { installRequestRules } from './http/request-rules';
import { installOpenApi } from './http/openapi';
import { registerTeamScope } from './http/team-scope';
import type { AppInstance, AppServices } from './http/types';
import { closeConnectionsOnShutdown, recordRoutes, type RouteInfo } from './http/app-lifecycle';
import { installWebApp } from './http/web-app';
import { wireVerdicts } from './app-verdicts';
import { loadAuthSecret } from './modules/auth/auth-secret';
import { installRateLimit } from './modules/auth/rate-limit';
import { accountLinkRoutes, linkContext } from './modules/account-links/routes';
import type { LinkDeps } from './modules/account-links/link-deps';
import { LINKS_PER_ADDRESS_PER_HOUR } from './modules/account-links/messages';
import { welcomeAddress } from './modules/account-links/send-verification';
import { aiRoutes } from './modules/ai/routes';
import { createAiProviders } from './modules/ai/create-ai-providers';
import { authenticateApiKey } from './modules/api-keys/authenticate-api-key';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { draftRoutes } from './modules/drafts/routes';
import { endAllSessions } from './modules/auth/end-all-sessions';
import { authRoutes } from './modules/auth/routes';
import { installGuestGuard, routeAccess } from './modules/auth/guest-guard';
import { guestRoutes } from './modules/guests/routes';
import { ssoRoutes } from './modules/sso/routes';
import { createTokenService } from './modules/auth/tokens';
import { verifyAccessToken } from './modules/auth/verify-session';
import { allowanceRoutes } from './modules/billing/allowance-routes';
import { billingRoutes, billingWebhookRoutes } from './modules/billing/routes';
import { uploadStore, UPLOADS_PREFIX } from './modules/campaigns/uploaded-files';
import { campaignRoutes } from './modules/campaigns/routes';
import { demoRoutes } from './modules/demo/routes';
import { getCampaigns } from './modules/campaigns/get-campaigns';
import { statsRoutes } from './modules/stats/routes';
import { introSurveyRoutes } from './modules/survey/routes';
import { urlContextRoutes } from './modules/url-context/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { createPerformanceCache } from './modules/stats/performance-cache';
import { cachedBanditWeights } from './modules/stats/cached-bandit-weights';
import { getBanditWeights } from './modules/stats/get-bandit-weights';
import { logPreviewErrorRoutes } from './modules/preview/log-preview-error';
import { ownPageLoader } from './modules/pages/load-own-page';
import { previewRoutes } from './modules/preview/routes';
import { createAppWorker } from './app-jobs';
import { startRollupFolder } from './modules/collect/fold-rollups';
import { jobChannelPolicy } from './modules/jobs/job-channel';
import { jobRoutes } from './modules/jobs/routes';
import { screenshotRoutes } from './modules/screenshots/routes';
import { FILES_PREFIX, screenshotStore } from './modules/screenshots/screenshot-files';
import {
  createScreenshotService,
  type ChromiumSeams,
} from './modules/screenshots/screenshot-service';
import { teamRoutes, teamScopedRoutes } from './modules/teams/routes';
import { variantCodeRoutes } from './modules/variant-code/routes';
import { auditActorOf } from './modules/audit-log/actor-of';
import { auditLogPruning, auditLogRoutes } from './modules/audit-log/routes';
import { refuseReadOnlyAccess, resolveTeamAccess } from './modules/teams/team-access';
import { findAccountByEmail, findAccountById } from './modules/users/find-account';
import { markEmailVerified } from './modules/users/mark-email-verified';
import { userRoutes } from './modules/users/routes';
import { setPassword } from './modules/users/set-password';
import { verifyCredentials } from './modules/users/verify-credentials';
import { createMailer } from './mail/mailer';
import { collectRoutes } from './modules/collect/routes';
import { addressKeys } from './modules/collect/address-keys';
import { clientLogRoutes } from './modules/client-logs/routes';
import { instanceAdminRoutes } from './modules/instance-admin/routes';
import {
  createGroupCommit,
  GROUP_COMMIT_MAX_EVENTS,
  GROUP_COMMIT_POSTGRES_CONCURRENCY,
} from './modules/collect/group-commit';
import { storeBatches } from './modules/collect/ingest-events';
import { trackerStatusRoutes } from './modules/collect/status-routes';
import { listCampaignIds } from './modules/campaigns/list-campaign-ids';
import { cachedTrackingShapes } from './modules/campaigns/cached-tracking-shapes';
import { getTrackingShapes } from './modules/campaigns/get-tracking-shapes';
import { getTrackerConfig } from './modules/campaigns/get-tracker-config';
import { findPublicTeam } from './modules/teams/find-public-team';
import { trackerSnippetRoutes, wireTrackerRoutes } from './modules/tracker/routes';
import { trackerBundle } from './modules/tracker/tracker-bundle';
import { createPreviewLinkTokens } from './modules/variant-preview/preview-link-tokens';
import * as variantPreview from './modules/variant-preview/routes';
import * as webVitals from './modules/web-vitals/routes';
import { audienceRoutes, pageRulesRoutes } from './modules/targeting/routes';
import { pageRoutes } from './modules/pages/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { publicPageRoutes } from './modules/pages/public-routes';
import { createOutbox } from './mail/outbox';
import { installBus } from './realtime/create-bus';
import { ChannelPolicies } from './realtime/channel-policies';
import { installRealtime } from './realtime/graphql-server';
import { RedisHealth } from './redis/redis-health';

export type { RouteInfo };

export interface BuiltApp {
  app: AppInstance;
  services: AppServices;
  /** Every route as registered, so tests can walk the live route table. */
  routes: RouteInfo[];
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /** The built SPA served in production; tests point it at a folder of their own. */
  webDist?: string;
  /** Where screenshots look for Chromium; tests say "no system browser" with these. */
  chromium?: ChromiumSeams;
  /** Where log lines go instead of standard output (tests read what would be logged). */
  logStream?: DestinationStream;
}

export async function buildApp({
  config,
  db,
  webDist,
  chromium,
  logStream,
}: BuildOptions): Promise<BuiltApp> {
  const app = Fastify({
    logger: loggerOptions({ level: config.LOG_LEVEL, stream: logStream }),
    bodyLimit: PUBLIC_BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('team', null);
  // Every statement a request's work runs names it to the audit log's triggers.
  app.addHook('onRequest', (request, _reply, done) =>
    auditActors.run({ actor: () => auditActorOf(request) }, done),
  );

  closeConnectionsOnShutdown(app);
  const routes = recordRoutes(app, routeAccess);

  const authSecret = await loadAuthSecret(db, config.AUTH_SECRET);
  const tokens = createTokenService(authSecret);
  // Every Redis connection of this process (bus, rate limits) is opened through it.
  const redisHealth = new RedisHealth(app.log);
  const bus = installBus(app, config, redisHealth);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const services: AppServices = { config, db, tokens, bus, mailer };
  const screenshots = createScreenshotService({ config, log: app.log, seams: chromium });
  const aiProviders = createAiProviders(config);
  const outbox = createOutbox(mailer);
  const worker = createAppWorker(app, services, { screenshots, aiProviders, outbox });
  let folder: ReturnType<typeof startRollupFolder> | undefined;
  // Registered after the bus, so it runs before the bus closes: jobs in flight still publish.
  app.addHook('onClose', async () => {
    await worker.stop();
    await folder?.stop();
    await screenshots.close();
    await outbox.drain();
  });

  installErrorHandler(app, { db });
  // Before any route: every route, whatever module registers it, passes the guard.
  installGuestGuard(app, { tokens });
  installRequestRules(app);
  await installSecurityHeaders(app, config);
  await installOpenApi(app);
  const limits = await installRateLimit(app, config, redisHealth);
  const passwordAttempts = limits.attemptLimiter({
    name: 'password-attempts',
    max: config.AUTH_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
  });
  const linkRequests = limits.attemptLimiter({
    name: 'account-links',
    max: LINKS_PER_ADDRESS_PER_HOUR,
    windowMs: 3_600_000,
  });
  app.get('/api/health', { schema: { hide: true } }, () => ({ ok: true }));
  const channels = new ChannelPolicies();
  channels.register(jobChannelPolicy(services));
  installRealtime(app, {
    services,
    channels,
    authenticators: {
      user: (accessToken) => verifyAccessToken(services, { accessToken }),
      apiKey: (secret) => authenticateApiKey(services, { secret }),
    },
  });
  authRoutes(app, services, {
    verifyCredentials: (credentials) => verifyCredentials(services, credentials),
  });
  guestRoutes(app, services);
  ssoRoutes(app, services);
  const linkDeps: LinkDeps = {
    db,
    outbox,
    findAccountByEmail,
    findAccountById,
    setPassword,
    endAllSessions,
    markEmailVerified,
  };
  accountLinkRoutes(app, services, linkDeps, { linkRequests });
  userRoutes(app, services, {
    passwordAttempts,
    // A new address (sign-up or a change) gets a verification link; the answer does not wait
    // for it, and a failure to make one is logged, not reported: the account change stands.
    onAddressAdded: (request, account) =>
      welcomeAddress(
        { ...linkDeps, ...linkContext(services, request) },
        { userId: account.id, email: account.email },
      ).catch((error: unknown) => request.log.error({ err: error }, 'verification link failed')),
  });
  collectRoutes(app, services, {
    // Every batch needs its campaigns' shapes; kept a few seconds so they are not read per batch.
    getTrackingShapes: cachedTrackingShapes({
      load: (input) => getTrackingShapes(services, input),
    }),
    // Client addresses are counted per campaign as keyed hashes only (traffic concentration).
    addressKeys: addressKeys(authSecret),
    // Checked batches that arrive while a transaction is in flight share the next one.
    storeBatch: createGroupCommit({
      store: (batches) => storeBatches(services.db, batches),
      sizeOf: (batch) => batch.unique.length,
      maxSize: GROUP_COMMIT_MAX_EVENTS,
      concurrency: postgresPoolOf(services.db) ? GROUP_COMMIT_POSTGRES_CONCURRENCY : 1,
    }),
  });
  clientLogRoutes(app, services, { prune: config.JOB_WORKER });
  if (config.JOB_WORKER) auditLogPruning(app, services);
  // Bandit campaigns are served weights from their results, computed at most once a minute.
  const banditWeights = cachedBanditWeights({
    load: (input) => getBanditWeights(services, input),
  });
  wireTrackerRoutes(app, services, {
    findPublicTeam: (input) => findPublicTeam(services, input),
    getTrackerConfig: (input) =>
      getTrackerConfig({ ...services, getBanditWeights: banditWeights }, input),
    trackerBundle,
  });
  const verdicts = wireVerdicts(app, services, { outbox, textProvider: aiProviders.text });
  const { experiments } = verdicts;
  const previewLinkTokens = createPreviewLinkTokens(authSecret);
  variantPreview.variantPreviewPublicRoutes(app, services, { tokens: previewLinkTokens });
  webVitals.vitalsScriptRoutes(app, services);
  publicPageRoutes(app, services);
  teamRoutes(app, services);
  await billingWebhookRoutes(app, services);
  instanceAdminRoutes(app, services);
  previewRoutes(app, services, { authSecret, loadOwnPage: ownPageLoader(services) });
  await registerTeamScope(
    app,
    (request) => resolveTeamAccess(services, request),
    (scope) => {
      refuseReadOnlyAccess(scope);
      teamScopedRoutes(scope, services);
      campaignRoutes(scope, services);
      demoRoutes(scope, services);
      aiRoutes(scope, { services, providers: aiProviders, worker });
      webVitals.vitalsSettingsRoutes(scope, services);
      pageRulesRoutes(scope, services);
      audienceRoutes(scope, services);
      billingRoutes(scope, services);
      allowanceRoutes(scope, services);
      jobRoutes(scope, services);
      apiKeyRoutes(scope, services);
      draftRoutes(scope, services);
      introSurveyRoutes(scope, services);
      waitlistRoutes(scope, services);
      urlContextRoutes(scope, services);
      screenshotRoutes(scope, services, worker);
      logPreviewErrorRoutes(scope);
      trackerStatusRoutes(scope, services, {
        listCampaignIds: (input) => listCampaignIds(services, input),
      });
      trackerSnippetRoutes(scope, services);
      variantPreview.variantPreviewLinkRoutes(scope, services, { tokens: previewLinkTokens });
      pageRoutes(scope, services, { onPageGone: experiments.onPageGone });
      experiments.routes(scope);
      notificationRoutes(scope, services);
      variantCodeRoutes(scope, services);
      auditLogRoutes(scope, services);
      statsRoutes(scope, services, {
        getCampaigns: (input) => getCampaigns(services, input),
        getStatsCorrection: verdicts.getStatsCorrection,
        listCampaigns: (input) => getCampaigns(services, input),
        finalIntervals: verdicts.finalIntervals,
        performance: createPerformanceCache(),
      });
    },
  );
  serveFiles(app, { prefix: FILES_PREFIX, store: screenshotStore(config.DATA_DIR) });
  serveFiles(app, { prefix: UPLOADS_PREFIX, store: uploadStore(config.DATA_DIR) });
  await installWebApp(app, { config, ...(webDist ? { webDist } : {}) });
  await app.ready();
  if (config.JOB_WORKER) {
    worker.start();
    folder = startRollupFolder({ db, log: app.log });
    // Finds (and says) which browser screenshots will use now, not at the first request.
    void screenshots.prepare();
  }
  return { app, services, routes };
}
