import { describe, it, expect } from 'vitest';
import {
  CAMPAIGN_INPUT_MESSAGES,
  CAMPAIGN_TYPE_LABELS,
  campaignInputSchema,
  campaignSaveSchema,
  campaignSchema,
  campaignSummarySchema,
} from './campaign';
import { validateField, validateForm } from './form-validation';

const goal = (id: number): unknown => ({
  id,
  isConversionGoal: false,
  event: { type: 1, name: `Page View Goal #${id}`, url: 'https://example.com' },
});

const input = { ingestedUrl: 'https://example.com', name: 'Spring sale' };

describe('campaignInputSchema', () => {
  it('applies the defaults', () => {
    expect(campaignInputSchema.parse(input)).toEqual({
      ...input,
      type: 'ab_split',
      exclusiveAudienceMode: false,
      trafficAllocation: 100,
      isEnabled: true,
      elements: [],
      goals: [],
    });
  });

  it('keeps the form rules', () => {
    expect(validateForm(campaignInputSchema, { ...input, name: ' ' })).toEqual({
      name: { type: 'redux-validate', message: 'Please enter a name' },
    });
  });

  it.each([0, 101, 50.5, '50'])('rejects traffic allocation %j', (trafficAllocation) => {
    expect(
      validateField(campaignInputSchema, 'trafficAllocation', { ...input, trafficAllocation }),
    ).toEqual({
      type: 'redux-validate',
      message: 'Traffic allocation must be between 1 and 100',
    });
  });

  it('accepts traffic allocation 1 and 100', () => {
    expect(validateForm(campaignInputSchema, { ...input, trafficAllocation: 1 })).toEqual({});
    expect(validateForm(campaignInputSchema, { ...input, trafficAllocation: 100 })).toEqual({});
  });

  it('allows at most 5 goals', () => {
    const five = [1, 2, 3, 4, 5].map(goal);
    expect(validateForm(campaignInputSchema, { ...input, goals: five })).toEqual({});
    expect(validateForm(campaignInputSchema, { ...input, goals: [...five, goal(6)] })).toEqual({
      goals: { type: 'redux-validate', message: 'You can have at most 5 goals' },
    });
    expect(CAMPAIGN_INPUT_MESSAGES.tooManyGoals).toBe('You can have at most 5 goals');
  });

  it('validates elements with the element schema', () => {
    const bad = { id: 1, selector: '', type: 'text', key: 'k', control: { info: { value: 'x' } } };
    expect(validateForm(campaignInputSchema, { ...input, elements: [bad] })).toHaveProperty(
      'elements',
    );
  });

  it('rejects unknown campaign types', () => {
    expect(campaignInputSchema.safeParse({ ...input, type: 'split_url' }).success).toBe(false);
    expect(CAMPAIGN_TYPE_LABELS).toEqual({
      ab_split: 'A/B split',
      multi_armed_bandit: 'Multi-armed bandit',
    });
  });
});

describe('campaignSaveSchema', () => {
  it('requires a positive id', () => {
    expect(campaignSaveSchema.safeParse({ ...input, id: 4 }).success).toBe(true);
    expect(campaignSaveSchema.safeParse(input).success).toBe(false);
    expect(campaignSaveSchema.safeParse({ ...input, id: -1 }).success).toBe(false);
  });
});

const saved = {
  id: 12,
  name: 'Spring sale',
  type: 'ab_split',
  ingestedUrl: 'https://example.com',
  exclusiveAudienceMode: false,
  trafficAllocation: 100,
  isEnabled: true,
  elements: [],
  goals: [],
  createdAt: '2025-01-15T12:00:00.000Z',
  updatedAt: '2025-01-15T13:00:00+01:00',
};

describe('campaignSchema and campaignSummarySchema', () => {
  it('parses a saved campaign, filling nullable fields with null', () => {
    const campaign = campaignSchema.parse(saved);
    expect(campaign.description).toBeNull();
    expect(campaign.thumbnail).toBeNull();
    expect(campaign.metrics).toBeNull();
    expect(campaign.benchmark).toBeNull();
    expect(campaign.autoGenerationStatus).toBeNull();
    expect(campaign.meta).toEqual({});
  });

  it('requires ISO timestamps', () => {
    expect(campaignSchema.safeParse({ ...saved, createdAt: 'yesterday' }).success).toBe(false);
  });

  it('parses auto-generation status', () => {
    const campaign = campaignSchema.parse({
      ...saved,
      autoGenerationStatus: {
        autoGenerationRequired: true,
        reason: { type: 'winners', elements: { '3': { type: 'decisive', element: 3 } } },
      },
    });
    expect(campaign.autoGenerationStatus?.reason?.elements['3']?.type).toBe('decisive');
  });

  it('parses a list item', () => {
    const summary = campaignSummarySchema.parse({
      ...saved,
      description: 'Tests',
      thumbnail: { small: 's.png', large: 'l.png' },
      elementCount: 2,
      variantCount: 5,
      goalCount: 1,
    });
    expect(summary.thumbnail).toEqual({ small: 's.png', large: 'l.png' });
    expect(summary.metrics).toBeNull();
  });
});
