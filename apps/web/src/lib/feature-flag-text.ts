import type { FeatureFlag } from '@kindling/domain';

/** What each feature flag is called and does, for Settings → Labs and the instance-admin screen. */
export const FEATURE_FLAG_TEXT: Record<FeatureFlag, { title: string; description: string }> = {
  campaign_date_compare: {
    title: 'Compare date ranges',
    description: 'Compare two periods side by side in campaign statistics.',
  },
  calendar: {
    title: 'Calendar',
    description: 'Pick the statistics date range from a calendar.',
  },
  view_variant: {
    title: 'View variant',
    description:
      'Open a variant or the original on your live page with a private one-hour link. Previews are never counted.',
  },
  variant_advanced_mode: {
    title: 'Advanced (HTML) variants',
    description: 'Write text variants as HTML instead of plain text.',
  },
};
