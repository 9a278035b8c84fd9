import type { Correction, DerivedMetricKey } from '@kindling/domain';

// What each number of the results means, in plain words: the help next to every header.

export const HELP = {
  views: 'Times this version was shown in the range, counting every page view.',
  visitors:
    'Different people who saw this version in the range. The tests compare visitors, so each person counts once.',
  uplift:
    'How much more (or less) often visitors of the variant reach the primary goal than visitors of the original, with the interval of plausible values. Below 100 visitors in each version nothing is shown. The figures behind it (p-values, chance to beat the original) are in the (i) next to each uplift.',
  delivery:
    "How often the variant's change showed in visitors' browsers since the campaign started, and how long it took.",
  metric:
    'The goal compared. Primary decides the verdict; secondary metrics are reported only; a guardrail that gets significantly worse stops a winner from being called safe.',
  change:
    'The change against the original on this metric, with its interval. Green is better for the business and red worse, even when lower is better.',
  funnelStep:
    'Of the visitors who reached the step before (or saw the page, for the first step), how many reached this one; below, the change against the original at the same step, with its interval.',
  headline:
    'The whole campaign, every version together, against the original alone. Potential is what showing the best variant of every element would give; it is picked after the fact, so read it with the verdicts below.',
  reading:
    'Better or worse once the interval leaves 0 after correcting for every variant; otherwise no clear difference yet.',
} as const;

export const METRIC_HELP: Record<DerivedMetricKey, string> = {
  rawConversionsPerView: 'Conversions counted per page view of this version.',
  conversionsPerSession:
    'Sessions that reached the conversion goal, of the sessions that saw this version.',
  revenuePerSession: "Revenue per session that saw this version, in your site's currency.",
};

export const CORRECTION_LABELS: Record<Correction, string> = {
  holm: 'Holm',
  'benjamini-hochberg': 'Benjamini-Hochberg',
};
