import { agentClassOf, type BrowserFamily } from '../visitor-segments';

// Device, browser and system from the user agent, for audiences. It ships in the tracker, so it
// stays a short table; the browser family and the phone/tablet split are visitor-segments.ts's
// rules, so an audience and the results' segment breakdown put a visitor in the same group.

export const TARGETING_DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type TargetingDevice = (typeof TARGETING_DEVICES)[number];

export const OPERATING_SYSTEMS = [
  'ios',
  'ipados',
  'android',
  'windows',
  'macos',
  'linux',
  'chromeos',
  'other',
] as const;
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number];

// First match wins: Android and ChromeOS also say "Linux", iPads once said "like Mac OS X".
const OS_RULES: readonly [OperatingSystem, RegExp][] = [
  ['ipados', /iPad/],
  ['ios', /iPhone|iPod/],
  ['android', /Android/],
  ['chromeos', /\bCrOS\b/],
  ['windows', /Windows/],
  ['macos', /Macintosh|Mac OS X/],
  ['linux', /Linux|X11/],
];

export interface AgentAttributes {
  deviceType: TargetingDevice;
  browser: BrowserFamily;
  os: OperatingSystem;
}

/**
 * Since iPadOS 13, Safari on an iPad sends a Mac's user agent; only the touch screen tells them
 * apart. The tracker passes `navigator.maxTouchPoints`; the server, which has the user agent
 * alone, counts such iPads as Macs (as the segment breakdown does).
 */
export function attributesFromUserAgent(userAgent: string, maxTouchPoints = 0): AgentAttributes {
  const { browser, device } = agentClassOf(userAgent);
  const os = OS_RULES.find(([, rule]) => rule.test(userAgent))?.[0] ?? 'other';
  if (os === 'macos' && maxTouchPoints > 1) return { deviceType: 'tablet', browser, os: 'ipados' };
  return { deviceType: device, browser, os };
}
