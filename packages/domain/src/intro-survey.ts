import { z } from 'zod';
import { trimText } from './text';

// The intro survey (spec sections 1 and 3): a team's company name, marketing spend,
// demographic, industry and referral source. The spec names the fields and the defaults; the
// option lists are ours and hold each default.

export const MARKETING_SPEND_OPTIONS = ['<10k', '10k-50k', '50k-250k', '250k-1M', '>1M'] as const;
export const DEMOGRAPHIC_OPTIONS = [
  'Entrepreneur',
  'Marketer',
  'Agency',
  'Developer',
  'Other',
] as const;
export const INDUSTRY_OPTIONS = [
  'Direct to Consumer',
  'SaaS',
  'E-commerce',
  'Agency',
  'Media',
  'Education',
  'Other',
] as const;

export const INTRO_SURVEY_LIMITS = { companyName: 255, referral: 255 } as const;

export const INTRO_SURVEY_MESSAGES = {
  companyNameRequired: 'Please enter your company name',
  companyNameTooLong: `Company name must be at most ${INTRO_SURVEY_LIMITS.companyName} characters`,
  marketingSpend: 'Please choose your monthly marketing spend from the list',
  demographic: 'Please choose what describes you best from the list',
  industry: 'Please choose your industry from the list',
  referralTooLong: `Referral source must be at most ${INTRO_SURVEY_LIMITS.referral} characters`,
} as const;

export const introSurveySchema = z.object({
  companyName: z
    .string(INTRO_SURVEY_MESSAGES.companyNameRequired)
    .overwrite(trimText)
    .min(1, INTRO_SURVEY_MESSAGES.companyNameRequired)
    .max(INTRO_SURVEY_LIMITS.companyName, INTRO_SURVEY_MESSAGES.companyNameTooLong),
  marketingSpend: z.enum(MARKETING_SPEND_OPTIONS, INTRO_SURVEY_MESSAGES.marketingSpend),
  demographic: z.enum(DEMOGRAPHIC_OPTIONS, INTRO_SURVEY_MESSAGES.demographic),
  industry: z.enum(INDUSTRY_OPTIONS, INTRO_SURVEY_MESSAGES.industry),
  /** Optional: an empty answer is kept as "". */
  referral: z
    .string(INTRO_SURVEY_MESSAGES.referralTooLong)
    .overwrite(trimText)
    .max(INTRO_SURVEY_LIMITS.referral, INTRO_SURVEY_MESSAGES.referralTooLong)
    .default(''),
});

export type IntroSurveyAnswers = z.infer<typeof introSurveySchema>;

/**
 * The form opens unanswered. Spec section 3 names defaults ("<10k", "Entrepreneur", "Direct to
 * Consumer"), but a form that opens with them answered is submitted with made-up answers (issue
 * 35): each choice now starts empty and must be made; the schema refuses an empty one with its
 * field's message.
 */
export const INTRO_SURVEY_DEFAULTS = {
  companyName: '',
  marketingSpend: '',
  demographic: '',
  industry: '',
  referral: '',
} as const satisfies Record<keyof IntroSurveyAnswers, string>;
