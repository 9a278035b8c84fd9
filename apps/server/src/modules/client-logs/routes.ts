import { CLIENT_LOG_MESSAGES, clientLogBatchSchema, type ClientLogBatch } from '@kindling/domain';
import { pruneWhileRunning } from '../../db/retention';
import { parseJsonText } from '../../http/json-body';
import type { AppInstance, AppServices } from '../../http/types';
import { verifyAccessToken } from '../auth/verify-session';
import { getClientConfig, OWN_LOG_ENDPOINT } from './get-client-config';
import { clientLogPruning } from './prune-client-logs';
import { storeClientLogs } from './store-client-logs';

/** 50 records of 1000-character messages with data; the logger sends less at a time. */
export const CLIENT_LOG_BODY_LIMIT_BYTES = 512 * 1024;
/**
 * Objects and arrays in a batch: three a record (itself, screen, window) and whatever its data
 * holds; the web app logs a few per record. 100 a record on average.
 */
export const CLIENT_LOG_MAX_JSON_CONTAINERS = 5000;

const tags = ['client-logs'];

/**
 * POST /api/logs: the web app's log records (spec sections 7-9), same origin, sign-in optional.
 * `navigator.sendBeacon` may send `text/plain`, so that is read as JSON too.
 * GET /api/client-config: what the browser learns at run time (where logs go, which categories).
 * With `prune` (processes that run the job worker), records past CLIENT_LOG_RETENTION_DAYS are
 * deleted once the app is ready, then every hour, until it closes.
 */
export function clientLogRoutes(
  app: AppInstance,
  services: AppServices,
  { prune }: { prune: boolean },
): void {
  if (prune) {
    pruneWhileRunning(
      app,
      clientLogPruning(services.db, services.config.CLIENT_LOG_RETENTION_DAYS),
    );
  }
  app.get(
    '/api/client-config',
    {
      schema: {
        tags,
        summary:
          'Public run-time settings of the web app: where its logs go, which categories, the feedback widget',
      },
    },
    () => getClientConfig(services),
  );

  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(
          null,
          parseJsonText(body as string, {
            notJson: CLIENT_LOG_MESSAGES.notJson,
            maxContainers: CLIENT_LOG_MAX_JSON_CONTAINERS,
          }),
        );
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    scope.post(
      OWN_LOG_ENDPOINT,
      {
        schema: {
          tags,
          summary: 'Stores a batch of client log records (sign-in optional); 202 once stored',
          body: clientLogBatchSchema,
        },
        bodyLimit: CLIENT_LOG_BODY_LIMIT_BYTES,
        config: {
          // Writes nothing a guest could change: a guest's own errors are worth keeping too.
          access: 'read',
          maxJsonContainers: CLIENT_LOG_MAX_JSON_CONTAINERS,
          rateLimit: { max: services.config.CLIENT_LOG_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
          byteBudget: {
            name: 'client-logs',
            windows: [
              { bytes: services.config.CLIENT_LOG_BYTES_PER_MINUTE, windowMs: 60_000 },
              { bytes: services.config.CLIENT_LOG_BYTES_PER_HOUR, windowMs: 3_600_000 },
            ],
          },
        },
      },
      async (request, reply) => {
        const { records } = request.body as ClientLogBatch;
        const token = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
        // A token that no longer works does not lose the records: they are stored unsigned.
        const user = token ? await verifyAccessToken(services, { accessToken: token }) : null;
        const answer = await storeClientLogs(services, {
          records,
          userId: user?.id ?? null,
          maxTotalBytes: services.config.CLIENT_LOG_MAX_TOTAL_BYTES,
        });
        return reply.status(202).send(answer);
      },
    );
    registered();
  });
}
