import { describe, it, expect } from 'vitest';
import {
  ACCEPTED_IMAGE_TYPES,
  CAMPAIGN_LIMITS,
  CHART_FILL_ALPHA,
  CHART_LABEL_FORMATS,
  CONVERSION_WINDOW_MS,
  DEFAULT_CHART_COLOR,
  FEATURE_FLAGS,
  GENERATE_IMAGE_IDS,
  GRANULARITIES,
  MAX_DRAFT_VARIANTS,
  MAX_GOALS,
  MAX_IMAGE_BYTES,
  PAGE_BLOCKS,
  PAGE_SIZE,
  PLAN_PRICES,
  STORED_FLAGS,
  WIZARD_STEPS,
} from './constants';

describe('constants', () => {
  it('matches the limits of spec section 9', () => {
    expect(MAX_DRAFT_VARIANTS).toBe(5);
    expect(MAX_GOALS).toBe(5);
    expect(MAX_IMAGE_BYTES).toBe(4_194_304);
    expect(ACCEPTED_IMAGE_TYPES).toEqual(['image/jpeg', 'image/png', 'image/gif']);
    expect(GENERATE_IMAGE_IDS).toEqual([0, 1, 2, 3]);
    expect(CONVERSION_WINDOW_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect([PAGE_SIZE, PAGE_BLOCKS]).toEqual([30, 5]);
  });

  it('keeps the campaign limits', () => {
    expect(CAMPAIGN_LIMITS).toEqual({
      experimentViewLimit: 1000,
      experimentVariantCount: 5,
      experimentTemplateId: 2,
      nameMaxLength: 255,
      descriptionMaxLength: 2000,
      maxTrafficAllocation: 90,
      defaultTrafficAllocation: 100,
    });
  });

  it('lists granularities, chart formats and colours', () => {
    expect(GRANULARITIES).toEqual([
      'hour',
      'quarterDay',
      'day',
      'week',
      'month',
      'quarter',
      'year',
    ]);
    expect(CHART_LABEL_FORMATS).toEqual({ hourly: 'h:mm a', other: 'M/d' });
    expect(DEFAULT_CHART_COLOR).toBe('rgba(1,97,157,1)');
    expect(CHART_FILL_ALPHA).toEqual({ from: 0.05, to: 0.5 });
  });

  it('has the plan prices, flags and wizard steps', () => {
    expect(PLAN_PRICES.starter).toEqual({ monthly: 299, yearly: 249 });
    expect(PLAN_PRICES.standard).toEqual({ monthly: 599, yearly: 499 });
    expect(PLAN_PRICES.business).toEqual({ monthly: 1199, yearly: 999 });
    expect(FEATURE_FLAGS).toEqual([
      'campaign_date_compare',
      'calendar',
      'view_variant',
      'variant_advanced_mode',
    ]);
    expect(STORED_FLAGS.hasSeenModeHelp).toEqual({ type: 'campaign', version: 1 });
    expect(WIZARD_STEPS.indexOf('EditGoals')).toBe(3);
    expect(WIZARD_STEPS).toHaveLength(6);
  });
});
