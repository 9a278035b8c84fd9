import { describe, expect, it } from 'vitest';
import { forwardedExposure, forwardingCalls } from './analytics-forwarding';
import { forwardingInputSchema, FORWARDING_MESSAGES } from './analytics-forwarding-input';

const campaign = {
  id: 7,
  name: 'Spring headline',
  elements: [
    {
      id: 10,
      variants: [
        { id: 101, name: 'Variant 1' },
        { id: 102, name: 'Variant 2' },
      ],
    },
    { id: 20, variants: [{ id: 201, name: 'Variant 1' }] },
  ],
};

describe('forwardedExposure', () => {
  it('labels by ids: names are the ids, nothing a visitor cannot see', () => {
    expect(forwardedExposure(campaign, { 10: 102, 20: 'control' }, 'ids')).toEqual({
      experimentId: '7',
      experimentName: '7',
      variationId: '102.control',
      variationName: '102.control',
    });
  });

  it('labels by names: the campaign and each element’s arm, in element order', () => {
    expect(forwardedExposure(campaign, { 20: 201, 10: 101 }, 'names')).toEqual({
      experimentId: '7',
      experimentName: 'Spring headline',
      variationId: '101.201',
      variationName: 'Variant 1 + Variant 1',
    });
    expect(forwardedExposure(campaign, { 10: 'control', 20: 201 }, 'names')).toMatchObject({
      variationId: 'control.201',
      variationName: 'Original + Variant 1',
    });
  });

  it('is "control" / "Original" when no element changed, however many there are', () => {
    for (const labels of ['ids', 'names'] as const) {
      expect(forwardedExposure(campaign, { 10: 'control', 20: 'control' }, labels)).toMatchObject({
        variationId: 'control',
        variationName: 'Original',
      });
    }
  });

  it('leaves out elements the exposure has no arm for, and falls back to ids without names', () => {
    const unnamed = {
      id: 8,
      elements: [{ id: 30, variants: [{ id: 301 }] }, ...campaign.elements],
    };
    expect(forwardedExposure(unnamed, { 30: 301 }, 'names')).toEqual({
      experimentId: '8',
      experimentName: '8',
      variationId: '301',
      variationName: '301',
    });
  });
});

describe('forwardingCalls', () => {
  it('gives each tool its documented shape', () => {
    const calls = forwardingCalls(forwardedExposure(campaign, { 10: 101 }, 'names'));
    expect(calls.dataLayer).toEqual({
      event: 'kindling_exposure',
      campaign: 'Spring headline',
      variant: 'Variant 1',
      campaign_id: '7',
      variant_id: '101',
    });
    expect(calls.gtag).toEqual([
      'event',
      'experience_impression',
      { exp_variant_string: 'kindling-7-101' },
    ]);
    expect(calls.segment).toEqual([
      'Experiment Viewed',
      {
        experiment_id: '7',
        experiment_name: 'Spring headline',
        variation_id: '101',
        variation_name: 'Variant 1',
      },
    ]);
  });
});

describe('the setting', () => {
  it.each([{ labels: 'ids' }, { labels: 'names' }, { labels: null }])('takes %j', (input) => {
    expect(forwardingInputSchema.parse(input)).toEqual(input);
  });

  it.each([{}, { labels: 'all' }, { labels: true }])('refuses %j with the message', (input) => {
    const result = forwardingInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(FORWARDING_MESSAGES.labels);
  });
});
