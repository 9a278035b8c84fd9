import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateField, validateForm } from './form-validation';
import {
  DEMOGRAPHIC_OPTIONS,
  INDUSTRY_OPTIONS,
  INTRO_SURVEY_DEFAULTS,
  INTRO_SURVEY_LIMITS,
  INTRO_SURVEY_MESSAGES,
  introSurveySchema,
  MARKETING_SPEND_OPTIONS,
} from './intro-survey';
import { trimText } from './text';

const valid = {
  companyName: 'Acme Lamps',
  marketingSpend: '<10k',
  demographic: 'Entrepreneur',
  industry: 'Direct to Consumer',
  referral: '',
};

const messageFor = (field: string, values: Record<string, unknown>) =>
  validateField(introSurveySchema, field, { ...valid, ...values })?.message;

describe('intro survey defaults (issue 35: nothing preselected)', () => {
  it('leave every answer empty', () => {
    expect(INTRO_SURVEY_DEFAULTS).toEqual({
      companyName: '',
      marketingSpend: '',
      demographic: '',
      industry: '',
      referral: '',
    });
  });

  it('are refused as they are, with each unanswered field’s message', () => {
    expect(validateForm(introSurveySchema, INTRO_SURVEY_DEFAULTS)).toEqual({
      companyName: { type: 'redux-validate', message: INTRO_SURVEY_MESSAGES.companyNameRequired },
      marketingSpend: { type: 'redux-validate', message: INTRO_SURVEY_MESSAGES.marketingSpend },
      demographic: { type: 'redux-validate', message: INTRO_SURVEY_MESSAGES.demographic },
      industry: { type: 'redux-validate', message: INTRO_SURVEY_MESSAGES.industry },
    });
    expect(introSurveySchema.parse(valid)).toEqual(valid);
    expect(MARKETING_SPEND_OPTIONS).toContain(valid.marketingSpend);
    expect(DEMOGRAPHIC_OPTIONS).toContain(valid.demographic);
    expect(INDUSTRY_OPTIONS).toContain(valid.industry);
  });
});

describe('introSurveySchema', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '  \u200B '],
  ])('requires a company name (%s)', (_label, companyName) => {
    expect(messageFor('companyName', { companyName })).toBe(
      INTRO_SURVEY_MESSAGES.companyNameRequired,
    );
  });

  it('bounds the company name and the referral at 255 characters after trimming', () => {
    expect(messageFor('companyName', { companyName: ` ${'a'.repeat(255)} ` })).toBeUndefined();
    expect(messageFor('companyName', { companyName: 'a'.repeat(256) })).toBe(
      'Company name must be at most 255 characters',
    );
    expect(messageFor('referral', { referral: 'r'.repeat(255) })).toBeUndefined();
    expect(messageFor('referral', { referral: 'r'.repeat(256) })).toBe(
      'Referral source must be at most 255 characters',
    );
  });

  it('keeps a missing referral as ""', () => {
    const { referral: _omitted, ...rest } = valid;
    expect(introSurveySchema.parse(rest).referral).toBe('');
  });

  it.each([
    ['marketingSpend', '5k', INTRO_SURVEY_MESSAGES.marketingSpend],
    ['demographic', 'entrepreneur', INTRO_SURVEY_MESSAGES.demographic],
    ['industry', undefined, INTRO_SURVEY_MESSAGES.industry],
  ])('refuses %s outside its list', (field, value, message) => {
    expect(messageFor(field, { [field]: value })).toBe(message);
  });
});

describe('introSurveySchema (properties)', () => {
  const answers = fc.record({
    companyName: fc.string({ minLength: 1, maxLength: 300 }),
    marketingSpend: fc.constantFrom(...MARKETING_SPEND_OPTIONS),
    demographic: fc.constantFrom(...DEMOGRAPHIC_OPTIONS),
    industry: fc.constantFrom(...INDUSTRY_OPTIONS),
    referral: fc.string({ maxLength: 300 }),
  });

  it('accepts exactly the answers whose trimmed texts fit, and returns them trimmed', () => {
    fc.assert(
      fc.property(answers, (input) => {
        const name = trimText(input.companyName);
        const referral = trimText(input.referral);
        const fits =
          name.length >= 1 &&
          name.length <= INTRO_SURVEY_LIMITS.companyName &&
          referral.length <= INTRO_SURVEY_LIMITS.referral;
        const result = introSurveySchema.safeParse(input);
        expect(result.success).toBe(fits);
        if (result.success) {
          expect(result.data).toEqual({ ...input, companyName: name, referral });
        }
      }),
    );
  });

  it('is idempotent: a parsed answer parses to itself', () => {
    fc.assert(
      fc.property(answers, (input) => {
        const once = introSurveySchema.safeParse(input);
        if (once.success) expect(introSurveySchema.parse(once.data)).toEqual(once.data);
      }),
    );
  });

  it('refuses any value outside the lists with that field’s message', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          [
            'marketingSpend',
            MARKETING_SPEND_OPTIONS,
            INTRO_SURVEY_MESSAGES.marketingSpend,
          ] as const,
          ['demographic', DEMOGRAPHIC_OPTIONS, INTRO_SURVEY_MESSAGES.demographic] as const,
          ['industry', INDUSTRY_OPTIONS, INTRO_SURVEY_MESSAGES.industry] as const,
        ),
        fc.string(),
        ([field, options, message], value) => {
          fc.pre(!(options as readonly string[]).includes(value));
          expect(messageFor(field, { [field]: value })).toBe(message);
        },
      ),
    );
  });
});
