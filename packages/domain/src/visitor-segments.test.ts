import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agentClassOf,
  MAX_HOST_LENGTH,
  REFERRER_DIRECT,
  REFERRER_OTHER,
  referrerClassOf,
  SEGMENT_DIMENSIONS,
  SEGMENT_UNKNOWN,
  segmentLabel,
  visitorSegmentOf,
} from './visitor-segments';

// Real user agents of current browsers (as their vendors document or send them).
const AGENTS: [string, string, string][] = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'chrome',
    'desktop',
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'chrome',
    'phone',
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'chrome',
    'tablet',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'safari',
    'phone',
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1',
    'safari',
    'tablet',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'safari',
    'desktop',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    'chrome',
    'phone',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'firefox',
    'desktop',
  ],
  ['Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'firefox', 'phone'],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
    'firefox',
    'phone',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
    'edge',
    'desktop',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
    'opera',
    'desktop',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36',
    'samsung',
    'phone',
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Safari/537.36',
    'samsung',
    'tablet',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 [FBAN/FBIOS;FBAV/489.0.0.51.107;FBBV/662345400]',
    'in-app',
    'phone',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.6778.81 Mobile Safari/537.36 Instagram 358.0.0.51.97 Android',
    'in-app',
    'phone',
  ],
  [
    'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Goanna/6.7 Basilisk/2024',
    'other',
    'desktop',
  ],
];

describe('agentClassOf', () => {
  it.each(AGENTS)('classes %s', (agent, browser, device) => {
    expect(agentClassOf(agent)).toEqual({ browser, device });
  });

  it('answers a class for any text, and "other" on a desktop without one', () => {
    expect(agentClassOf(undefined)).toEqual({ browser: 'other', device: 'desktop' });
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const { browser, device } = agentClassOf(text);
        expect(typeof browser).toBe('string');
        expect(['desktop', 'phone', 'tablet']).toContain(device);
      }),
    );
  });
});

describe('referrerClassOf', () => {
  const page = 'https://www.shop.example.com/landing?x=1';
  const of = (referrer: string | undefined, sent = true) =>
    referrerClassOf({ referrer, pageUrl: page, sent });

  it('keeps the host only, lowercased, without user, port or trailing dot', () => {
    expect(of('WWW.Google.COM')).toBe('www.google.com');
    expect(of('news.example.org:8443')).toBe('news.example.org');
    expect(of('user:secret@mail.example.net')).toBe('mail.example.net');
    expect(of('example.org.')).toBe('example.org');
    expect(of('com.google.android.gm')).toBe('com.google.android.gm');
  });

  it('counts no referrer and the page’s own site (www. or not) as direct', () => {
    expect(of(undefined)).toBe(REFERRER_DIRECT);
    expect(of('')).toBe(REFERRER_DIRECT);
    expect(of('shop.example.com')).toBe(REFERRER_DIRECT);
    expect(of('www.shop.example.com:443')).toBe(REFERRER_DIRECT);
    expect(of('other.example.com')).toBe('other.example.com');
  });

  it('answers (other) for anything not a host name, and (unknown) from an older tracker', () => {
    expect(of('a'.repeat(MAX_HOST_LENGTH + 1))).toBe(REFERRER_OTHER);
    expect(of('[::1]:8080')).toBe(REFERRER_OTHER);
    expect(of('evil host')).toBe(REFERRER_OTHER);
    expect(of('x\u0000y')).toBe(REFERRER_OTHER);
    expect(of('-bad-.com')).toBe(REFERRER_OTHER);
    expect(of('google.com', false)).toBe(SEGMENT_UNKNOWN);
  });

  it('never answers more than a host name or a class, whatever it is sent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (referrer) => {
        const value = of(referrer);
        expect(value.length).toBeLessThanOrEqual(MAX_HOST_LENGTH);
        expect(value).toMatch(/^(\([a-z]+\)|[a-z0-9.-]+)$/);
      }),
    );
  });
});

describe('visitorSegmentOf and segmentLabel', () => {
  it('gives a value in every dimension and a label for each', () => {
    const segment = visitorSegmentOf({
      agent: { browser: 'safari', device: 'phone' },
      referrer: 'www.google.com',
      returning: false,
      pageUrl: 'https://shop.example.com/',
    });
    expect(segment).toEqual({
      browser: 'safari',
      device: 'phone',
      platform: 'safari/phone',
      visitor: 'new',
      referrer: 'www.google.com',
    });
    expect(SEGMENT_DIMENSIONS.map((d) => segmentLabel(d, segment[d]))).toEqual([
      'Safari',
      'Phones',
      'Safari on phones',
      'New visitors',
      'Visitors from www.google.com',
    ]);
    const older = visitorSegmentOf({
      agent: { browser: 'chrome', device: 'desktop' },
      referrer: undefined,
      returning: undefined,
      pageUrl: 'https://shop.example.com/',
    });
    expect([older.visitor, older.referrer]).toEqual([SEGMENT_UNKNOWN, SEGMENT_UNKNOWN]);
    expect(segmentLabel('referrer', REFERRER_DIRECT)).toBe('Direct and internal visits');
  });
});
