import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  API_QUERY_CACHE,
  storeWriteAnswer,
  USER_CONTEXT_QUERY_CACHE,
  WAITLIST_QUERY_CACHE,
} from './query-cache';

describe('query cache times (spec section 9)', () => {
  it('are the spec’s: API 3600 s, user context and waitlist 86400 s', () => {
    expect(API_QUERY_CACHE).toEqual({ staleTime: 3_600_000, gcTime: 3_600_000 });
    expect(USER_CONTEXT_QUERY_CACHE).toEqual({ staleTime: 86_400_000, gcTime: 86_400_000 });
    expect(WAITLIST_QUERY_CACHE).toEqual(USER_CONTEXT_QUERY_CACHE);
    // setTimeout takes at most 2^31-1 ms; a longer gcTime would fire at once.
    expect(WAITLIST_QUERY_CACHE.gcTime).toBeLessThan(2 ** 31 - 1);
  });
});

describe('storeWriteAnswer', () => {
  const counter = () => {
    let calls = 0;
    return {
      fn: (answer: string) => () => {
        calls += 1;
        return Promise.resolve(`${answer} #${calls}`);
      },
      calls: () => calls,
    };
  };

  it('reuses an answer within its time, and a write makes the next read see the change', async () => {
    const queryClient = new QueryClient();
    const whole = ['waitlist', 'acme'];
    const one = ['waitlist', 'acme', 'slack-alerts'];
    const other = ['waitlist', 'globex'];
    const reads = counter();
    const read = (key: string[]) =>
      queryClient.fetchQuery({
        queryKey: key,
        queryFn: reads.fn(key.join('/')),
        ...API_QUERY_CACHE,
      });

    expect(await read(whole)).toBe('waitlist/acme #1');
    expect(await read(one)).toBe('waitlist/acme/slack-alerts #2');
    expect(await read(other)).toBe('waitlist/globex #3');
    // Within the cache time: no request.
    expect(await read(whole)).toBe('waitlist/acme #1');
    expect(reads.calls()).toBe(3);

    await storeWriteAnswer(queryClient, { key: whole, prefix: whole, answer: 'after join' });
    // The write's own answer is used as is, without another request ...
    expect(await read(whole)).toBe('after join');
    expect(queryClient.getQueryState(whole)?.isInvalidated).toBe(false);
    // ... views derived from it are asked again ...
    expect(queryClient.getQueryState(one)?.isInvalidated).toBe(true);
    expect(await read(one)).toBe('waitlist/acme/slack-alerts #4');
    // ... and another team's data is left alone.
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
    expect(await read(other)).toBe('waitlist/globex #3');
    queryClient.clear();
  });
});
