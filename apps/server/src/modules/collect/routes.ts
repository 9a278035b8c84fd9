import { onTeamWrite } from '../auth/on-team-write';
import {
  agentClassOf,
  countryClassOf,
  collectBatchSchema,
  senderOrigin,
  type CollectEvent,
} from '@kindling/domain';
import { acceptTextPlainJson } from '../../http/json-body';
import { openToEveryOrigin } from '../../http/open-to-every-origin';
import type { AppInstance, AppServices } from '../../http/types';
import type { AddressKeyOf } from './address-keys';
import { automatedVisitsOf } from './automated-visits';
import { isBotUserAgent } from './bots';
import { countDroppedBots } from './repo';
import { ingestEvents, type ForgettingShapes, type StoreBatch } from './ingest-events';

export const NOT_JSON = 'The body must be JSON: {"events": [...]}.';

/**
 * The largest batch body. A batch of COLLECT_MAX_EVENTS (100) exposures with everything at its
 * longest (2048-character url, 64-character visitor and session ids, every element healed)
 * measures 264,612 bytes with 5 elements assigned each, 399,612 with 30 and 507,612 with 50
 * (the limit is 524,288); the tracker sends at most 50 events a batch, and browsers cap a
 * keepalive request at 64 KB.
 */
export const COLLECT_BODY_LIMIT_BYTES = 512 * 1024;
/**
 * Objects and arrays in a batch: at most 402 in a valid one (the body, its list, and per event
 * itself, its assignments, applied times and healed ids). 500 KB of small arrays is 240,000.
 */
export const COLLECT_MAX_JSON_CONTAINERS = 1000;

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
    getTrackingShapes: ForgettingShapes;
    /** Stores a checked batch; by default alone, in a transaction of its own. */
    storeBatch?: StoreBatch;
    /** Keys of the client's address per campaign (traffic concentration); none: not counted. */
    addressKeys?: (ip: string) => AddressKeyOf;
  },
): void {
  // A team's write (ending a test, pausing a variant) counts for its events from the next batch:
  // the cached shapes of its campaigns go, as the tracker's files do (tracker-changes.ts).
  onTeamWrite(app, (teamId) => getTrackingShapes.forgetTeam?.(teamId));
  // The visitor's country for the results' country segment, as the trusted proxy names it.
  const geoHeader = services.config.GEO_HEADER;
  void app.register((scope, _options, registered) => {
    acceptTextPlainJson(scope, { notJson: NOT_JSON, maxContainers: COLLECT_MAX_JSON_CONTAINERS });
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
        bodyLimit: COLLECT_BODY_LIMIT_BYTES,
        config: {
          maxJsonContainers: COLLECT_MAX_JSON_CONTAINERS,
          rateLimit: { max: services.config.COLLECT_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
          byteBudget: {
            name: 'collect',
            windows: [{ bytes: services.config.COLLECT_BYTES_PER_MINUTE, windowMs: 60_000 }],
          },
        },
      },
      async (request, reply) => {
        const { events } = request.body as { events: CollectEvent[] };
        if (isBotUserAgent(request.headers['user-agent'])) {
          await countDroppedBots(services.db, new Date().toISOString().slice(0, 10), events.length);
          automatedVisitsOf(services).record(events.map((event) => event.campaignId));
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
              agent: agentClassOf(request.headers['user-agent']),
              country: countryClassOf(
                geoHeader ? [request.headers[geoHeader]].flat()[0] : undefined,
              ),
            },
          },
        );
        return reply.status(202).send(answer);
      },
    );
    registered();
  });
}
