import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { collectBatchSchema, vitalsEventSchema } from './collect';
import {
  VITALS_MESSAGES,
  vitalsRate,
  vitalsSettingsInputSchema,
  vitalsSamplingSchema,
} from './web-vitals';

describe('vitalsRate', () => {
  it('auto samples every page view below 10,000 visitors a day, then one in ten', () => {
    expect(vitalsRate('auto', 0)).toBe(1);
    expect(vitalsRate('auto', 9_999)).toBe(1);
    expect(vitalsRate('auto', 10_000)).toBe(0.1);
    expect(vitalsRate('auto', 250_000)).toBe(0.1);
  });

  it('a fixed percentage is that share whatever the traffic; off samples none', () => {
    expect(vitalsRate(25, 0)).toBe(0.25);
    expect(vitalsRate(100, 1_000_000)).toBe(1);
    expect(vitalsRate(1, 5)).toBe(0.01);
    expect(vitalsRate('off', 5)).toBeNull();
  });
});

describe('the sampling setting', () => {
  it('takes auto, off and whole percentages from 1 to 100', () => {
    for (const ok of ['auto', 'off', 1, 50, 100]) {
      expect(vitalsSamplingSchema.safeParse(ok).success).toBe(true);
    }
  });

  it('refuses anything else with one clear message', () => {
    for (const bad of [0, 101, 12.5, -1, '50', 'sometimes', null, Infinity]) {
      const result = vitalsSettingsInputSchema.safeParse({
        campaignId: 1,
        sampling: bad,
        guardrails: [],
      });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(VITALS_MESSAGES.sampling);
    }
  });

  it('refuses an unknown or repeated guardrail', () => {
    for (const guardrails of [['ttfb'], ['lcp', 'lcp'], 'lcp']) {
      const result = vitalsSettingsInputSchema.safeParse({
        campaignId: 1,
        sampling: 'auto',
        guardrails,
      });
      expect(result.error?.issues[0]?.message).toBe(VITALS_MESSAGES.guardrails);
    }
  });
});

describe('the vitals event', () => {
  const event = (extra: object) => ({
    type: 'vitals',
    id: randomUUID(),
    campaignId: 3,
    exposureId: randomUUID(),
    visitorId: 'v1',
    sessionId: 's1',
    ts: 1_700_000_000_000,
    url: 'https://shop.example.com/',
    ...extra,
  });
  const messageOf = (value: object) =>
    vitalsEventSchema.safeParse(value).error?.issues[0]?.message ?? null;

  it('takes any of lcp, cls and inp within bounds, in a batch like any event', () => {
    expect(messageOf(event({ lcp: 812.4, cls: 0.12, inp: 96 }))).toBeNull();
    expect(messageOf(event({ cls: 0 }))).toBeNull();
    expect(messageOf(event({ lcp: 60_000, inp: 60_000, cls: 100 }))).toBeNull();
    expect(collectBatchSchema.safeParse({ events: [event({ inp: 40 })] }).success).toBe(true);
  });

  it('refuses values that are not finite or out of bounds, each with its message', () => {
    expect(messageOf(event({ lcp: -1 }))).toBe(VITALS_MESSAGES.lcp);
    expect(messageOf(event({ lcp: 60_001 }))).toBe(VITALS_MESSAGES.lcp);
    expect(messageOf(event({ lcp: Infinity }))).toBe(VITALS_MESSAGES.lcp);
    expect(messageOf(event({ lcp: NaN }))).toBe(VITALS_MESSAGES.lcp);
    expect(messageOf(event({ lcp: '800' }))).toBe(VITALS_MESSAGES.lcp);
    expect(messageOf(event({ cls: 100.5 }))).toBe(VITALS_MESSAGES.cls);
    expect(messageOf(event({ inp: -0.5 }))).toBe(VITALS_MESSAGES.inp);
    // JSON's 1e999 parses as Infinity.
    expect(messageOf(JSON.parse(JSON.stringify(event({})).replace('}', ',"inp":1e999}')))).toBe(
      VITALS_MESSAGES.inp,
    );
  });

  it('needs a metric and the exposure it measures', () => {
    expect(messageOf(event({}))).toBe(VITALS_MESSAGES.noMetric);
    expect(messageOf(event({ lcp: 10, exposureId: 'e-1' }))).toBe(VITALS_MESSAGES.exposureId);
    expect(messageOf(event({ lcp: 10, exposureId: undefined }))).toBe(VITALS_MESSAGES.exposureId);
  });
});
