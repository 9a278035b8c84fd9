import { describe, expect, it } from 'vitest';
import {
  originWarnings,
  REQUEST_BUILT_ORIGIN_WARNING,
  SHARED_PAGES_ORIGIN_WARNING,
} from './origin-warnings';

const NONE = { PUBLIC_URL: undefined, ADMIN_URL: undefined, PAGES_ORIGIN: undefined };

describe('the origin warnings said at start', () => {
  it('warns when published pages share the app origin, by default or by configuration', () => {
    expect(originWarnings({ ...NONE, TRUST_PROXY: false })).toEqual([SHARED_PAGES_ORIGIN_WARNING]);
    for (const PAGES_ORIGIN of ['https://app.example.com', 'https://app.example.com/p/']) {
      expect(
        originWarnings({
          ...NONE,
          PUBLIC_URL: 'https://app.example.com/',
          PAGES_ORIGIN,
          TRUST_PROXY: false,
        }),
      ).toEqual([SHARED_PAGES_ORIGIN_WARNING]);
    }
    expect(
      originWarnings({
        ...NONE,
        ADMIN_URL: 'https://admin.example.com/kindling',
        PUBLIC_URL: 'https://api.example.com',
        PAGES_ORIGIN: 'https://admin.example.com',
        TRUST_PROXY: false,
      }),
    ).toEqual([SHARED_PAGES_ORIGIN_WARNING]);
  });

  it('warns behind a proxy without PUBLIC_URL, and says nothing when both are set apart', () => {
    expect(
      originWarnings({ ...NONE, PAGES_ORIGIN: 'https://pages.example.net', TRUST_PROXY: true }),
    ).toEqual([REQUEST_BUILT_ORIGIN_WARNING]);
    expect(
      originWarnings({
        ...NONE,
        PUBLIC_URL: 'https://app.example.com',
        PAGES_ORIGIN: 'https://pages.example.net',
        TRUST_PROXY: '10.0.0.0/8',
      }),
    ).toEqual([]);
  });
});
