import { collectBatchSchema, senderOrigin, type CollectEvent } from '@kindling/domain';
import { validationError } from '../../errors';
import { openToEveryOrigin } from '../../http/open-to-every-origin';
import type { AppInstance, AppServices } from '../../http/types';
import type { AddressKeyOf } from './address-keys';
import { isBotUserAgent } from './bots';
import { countDroppedBots } from './repo';
import { ingestEvents, type GetTrackingShapes, type StoreBatch } from './ingest-events';

export const NOT_JSON = 'The body must be JSON: {"events": [...]}.';

/**
 * POST /api/collect: events from the tracker on customers' pages. CORS-open and without
 * sign-in; `navigator.sendBeacon` sends `text/plain`, so that is read as JSON too.
 */
export function collectRoutes(
  app: AppInstance,
  services: AppServices,
  {
    getTrackingShapes,
    storeBatch,
    addressKeys,
  }: {
    getTrackingShapes: GetTrackingShapes;
    /** Stores a checked batch; by default alone, in a transaction of its own. */
    storeBatch?: StoreBatch;
    /** Keys of the client's address per campaign (traffic concentration); none: not counted. */
    addressKeys?: (ip: string) => AddressKeyOf;
  },
): void {
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(validationError(NOT_JSON), undefined);
      }
    });
    openToEveryOrigin(scope, {
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '86400',
    });

    scope.options(
      '/api/collect',
      { schema: { tags: ['collect'], summary: 'CORS preflight' } },
      (_request, reply) => reply.status(204).send(),
    );

    scope.post(
      '/api/collect',
      {
        schema: {
          tags: ['collect'],
          summary: 'Stores tracker events (CORS-open, no sign-in); 202 once they are durable',
          body: collectBatchSchema,
        },
        config: {
          rateLimit: { max: services.config.COLLECT_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
        },
      },
      async (request, reply) => {
        const { events } = request.body as { events: CollectEvent[] };
        if (isBotUserAgent(request.headers['user-agent'])) {
          await countDroppedBots(services.db, new Date().toISOString().slice(0, 10), events.length);
          return reply.status(202).send({ accepted: 0, duplicates: 0 });
        }
        // Variant previews are never counted: dropped before anything is stored or rolled up.
        const counted = events.filter((event) => !event.preview);
        if (counted.length === 0) return reply.status(202).send({ accepted: 0, duplicates: 0 });
        const { origin, referer } = request.headers;
        const answer = await ingestEvents(
          { db: services.db, getTrackingShapes, store: storeBatch },
          {
            events: counted,
            sender: {
              origin: senderOrigin({ origin, referer }),
              addressKeyOf: addressKeys?.(request.ip),
            },
          },
        );
        return reply.status(202).send(answer);
      },
    );
    registered();
  });
}
