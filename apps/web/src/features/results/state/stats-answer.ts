import {
  campaignStatsSchema,
  type CampaignStats,
  type ElementStats,
  type VariantStats,
} from '@kindling/domain';

// The stats endpoint's answer (docs/api.md) as the web app reads it: the domain's schema, the
// one the server's answer is typed and tested against.

export const statsAnswerSchema = campaignStatsSchema;

export type StatsAnswer = CampaignStats;
export type ElementStatsAnswer = ElementStats;
export type VariantStatsAnswer = VariantStats;
