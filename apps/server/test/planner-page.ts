import type { LandingPageContent } from '@kindling/domain';

/** The burner page the server's page tests publish: a planner's waitlist with a price. */
export const PLANNER_PAGE = {
  headline: 'Plan your week in five minutes',
  subheadline: 'A calm planner for busy founders.',
  cta: { type: 'signup', label: 'Join the waitlist' },
  features: ['Syncs with your calendar', 'Weekly review in one tap', 'Private by default'],
  price: '$9 / month',
} satisfies LandingPageContent;
