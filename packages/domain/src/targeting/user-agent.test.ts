import { describe, expect, it } from 'vitest';
import { attributesFromUserAgent } from './user-agent';

// Real user agents (as the browsers send them in 2025-2026).
const AGENTS: [string, string, ReturnType<typeof attributesFromUserAgent>][] = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { deviceType: 'desktop', browser: 'chrome', os: 'windows' },
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    { deviceType: 'desktop', browser: 'safari', os: 'macos' },
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    { deviceType: 'desktop', browser: 'firefox', os: 'linux' },
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
    { deviceType: 'desktop', browser: 'edge', os: 'windows' },
  ],
  [
    'Opera on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
    { deviceType: 'desktop', browser: 'opera', os: 'macos' },
  ],
  [
    'Chrome on ChromeOS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { deviceType: 'desktop', browser: 'chrome', os: 'chromeos' },
  ],
  [
    'Safari on an iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    { deviceType: 'phone', browser: 'safari', os: 'ios' },
  ],
  [
    'Chrome on an iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    { deviceType: 'phone', browser: 'chrome', os: 'ios' },
  ],
  [
    'Chrome on an Android phone',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    { deviceType: 'phone', browser: 'chrome', os: 'android' },
  ],
  [
    'Samsung Internet on a Galaxy phone',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    { deviceType: 'phone', browser: 'samsung', os: 'android' },
  ],
  [
    'Firefox on an Android phone',
    'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
    { deviceType: 'phone', browser: 'firefox', os: 'android' },
  ],
  [
    'Chrome on an Android tablet (no "Mobile")',
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    { deviceType: 'tablet', browser: 'chrome', os: 'android' },
  ],
  [
    'Safari on an older iPad',
    'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
    { deviceType: 'tablet', browser: 'safari', os: 'ipados' },
  ],
  [
    'Edge on an iPad',
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) EdgiOS/131.0.2903.68 Version/17.0 Mobile/15E148 Safari/604.1',
    { deviceType: 'tablet', browser: 'edge', os: 'ipados' },
  ],
  ['nothing', '', { deviceType: 'desktop', browser: 'other', os: 'other' }],
];

describe('attributes from the user agent', () => {
  it.each(AGENTS)('%s', (_name, agent, expected) => {
    expect(attributesFromUserAgent(agent)).toEqual(expected);
  });

  it('tells an iPad sending a Mac’s user agent by its touch screen', () => {
    const [, mac] = AGENTS[1]!;
    expect(attributesFromUserAgent(mac, 5)).toEqual({
      deviceType: 'tablet',
      browser: 'safari',
      os: 'ipados',
    });
    expect(attributesFromUserAgent(mac, 0).os).toBe('macos');
  });
});
