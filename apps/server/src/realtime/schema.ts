import {
  GraphQLBoolean,
  GraphQLError,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
} from './graphql';
import type { ChannelPolicies } from './channel-policies';
import type { ConnectionIdentity } from './identity';
import { BusUnavailableError, type BusLogger, type BusMessage, type PubSubBus } from './bus';
import { subscribeIterator } from './bus-iterator';

export interface RealtimeContext {
  identity: ConnectionIdentity;
}

export const REALTIME_UNAVAILABLE = 'Real-time updates are unavailable; please try again.';

/**
 * type Query { ok: Boolean! }
 * type Message { name: String!, data: String! }
 * type Subscription { subscribe(name: String!): Message! }
 */
export function createRealtimeSchema({
  bus,
  channels,
  log,
}: {
  bus: PubSubBus;
  channels: ChannelPolicies;
  log: BusLogger;
}): GraphQLSchema {
  const message = new GraphQLObjectType<BusMessage>({
    name: 'Message',
    fields: {
      name: { type: new GraphQLNonNull(GraphQLString) },
      data: { type: new GraphQLNonNull(GraphQLString), description: 'JSON text' },
    },
  });
  return new GraphQLSchema({
    // GraphQL requires a query type; the channel is subscriptions only.
    query: new GraphQLObjectType({
      name: 'Query',
      fields: { ok: { type: new GraphQLNonNull(GraphQLBoolean), resolve: () => true } },
    }),
    subscription: new GraphQLObjectType<unknown, RealtimeContext>({
      name: 'Subscription',
      fields: {
        subscribe: {
          type: new GraphQLNonNull(message),
          args: { name: { type: new GraphQLNonNull(GraphQLString) } },
          subscribe: async (_source, args: { name: string }, context) => {
            const refusal = await channels.refusal(context.identity, args.name);
            if (refusal) throw new GraphQLError(refusal);
            try {
              return await subscribeIterator(bus, args.name);
            } catch (error) {
              // An outage is logged once when it starts, not once per refused subscription.
              if (!(error instanceof BusUnavailableError)) {
                log.error({ err: error, channel: args.name }, 'real-time subscribe failed');
              }
              throw new GraphQLError(REALTIME_UNAVAILABLE);
            }
          },
          resolve: (payload) => payload,
        },
      },
    }),
  });
}
