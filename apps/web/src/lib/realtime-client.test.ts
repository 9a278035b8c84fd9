import type { Client, Sink, SubscribePayload } from 'graphql-ws';
import { describe, expect, it, vi } from 'vitest';
import { realtimeUrl, subscribeWith, toRealtimeError, type RealtimeSink } from './realtime-client';

/** Plays the graphql-ws client: the test drives the sink the server's answers would reach. */
function fakeClient() {
  const calls: { payload: SubscribePayload; sink: Sink }[] = [];
  const stop = vi.fn();
  const client: Pick<Client, 'subscribe'> = {
    subscribe: (payload, sink) => {
      calls.push({ payload, sink });
      return stop;
    },
  };
  return { client, calls, stop };
}

function recordingSink() {
  const events: unknown[] = [];
  const sink: RealtimeSink = {
    next: (message) => events.push(['next', message]),
    error: (error) => events.push(['error', error.message]),
    complete: () => events.push(['complete']),
  };
  return { sink, events };
}

describe('subscribeWith', () => {
  it('subscribes to the channel by name and passes on {name, data}', () => {
    const { client, calls, stop } = fakeClient();
    const { sink, events } = recordingSink();
    const unsubscribe = subscribeWith(client)('job-1', sink);
    expect(calls[0]?.payload.variables).toEqual({ name: 'job-1' });

    calls[0]?.sink.next({ data: { subscribe: { name: 'job-1', data: '{"type":"result"}' } } });
    unsubscribe();
    expect(events).toEqual([['next', { name: 'job-1', data: '{"type":"result"}' }]]);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('turns a GraphQL error answer into one error, not an error and a completion', () => {
    const { client, calls } = fakeClient();
    const { sink, events } = recordingSink();
    subscribeWith(client)('team-1', sink);
    calls[0]?.sink.next({ errors: [{ message: 'Invalid channel name' }] });
    calls[0]?.sink.complete();
    expect(events).toEqual([['error', 'Invalid channel name']]);
  });

  it('reports a refused connection by its close code', () => {
    const { client, calls } = fakeClient();
    const { sink, events } = recordingSink();
    subscribeWith(client)('job-1', sink);
    calls[0]?.sink.error({ code: 4403, reason: 'Forbidden' });
    expect(events).toEqual([['error', 'Real-time connection closed (4403: Forbidden)']]);
  });
});

describe('toRealtimeError', () => {
  it('keeps Errors and describes the rest', () => {
    const original = new Error('Not signed in');
    expect(toRealtimeError(original)).toBe(original);
    expect(toRealtimeError([{ message: 'a' }, { message: 'b' }]).message).toBe('a; b');
    expect(toRealtimeError({ code: 1006 }).message).toBe('Real-time connection closed (1006)');
    expect(toRealtimeError('?').message).toBe('Real-time connection failed');
  });
});

describe('realtimeUrl', () => {
  it('uses wss on https pages and ws otherwise, on the page’s own host', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'app.example.com' })).toBe(
      'wss://app.example.com/api/realtime',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/realtime',
    );
  });
});
