import type { LandingPageContent } from '@kindling/domain';

/** The burner page the landing-page tests publish: a planner's waitlist, every part filled in. */
export const WEEKLY_PAGE = {
  headline: 'Plan your whole week in five calm minutes',
  subheadline:
    'Weekly is the planner for founders who are tired of juggling tools. One screen, every Monday, and a week that finally makes sense.',
  cta: { type: 'signup', label: 'Join the waitlist' },
  features: [
    'Pulls in your calendar and to-dos automatically',
    'A guided weekly review that takes one tap',
    'Private by default: your plans never leave your account',
  ],
  price: '$9 per month, first month free',
} satisfies LandingPageContent;
