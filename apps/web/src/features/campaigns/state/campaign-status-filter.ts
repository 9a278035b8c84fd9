import type { CampaignSummary } from '@kindling/domain';

// The list's status filter (issue 35): a small list of options, so one more (a "Drafts" view)
// is one entry here. The first option is the default and is left out of the address.

export interface CampaignStatusFilter {
  value: string;
  label: string;
  /** Said when no campaign is shown. */
  empty: string;
  shows: (campaign: Pick<CampaignSummary, 'endedAt' | 'archivedAt'>) => boolean;
  /** Lists the campaigns being built instead (drafts are not campaigns yet). */
  listsDrafts?: true;
}

export const CAMPAIGN_STATUS_FILTERS: readonly CampaignStatusFilter[] = [
  {
    value: 'active',
    label: 'All active',
    empty: 'Every campaign of this team is archived. Choose "Archived" to see them.',
    shows: (campaign) => campaign.archivedAt === null,
  },
  {
    value: 'drafts',
    label: 'Drafts',
    empty: 'No drafts: a campaign is kept as a draft from the moment you choose its page.',
    shows: () => false,
    listsDrafts: true,
  },
  {
    value: 'ended',
    label: 'Ended',
    empty: 'No ended test outside the archive.',
    shows: (campaign) => campaign.endedAt !== null && campaign.archivedAt === null,
  },
  {
    value: 'archived',
    label: 'Archived',
    empty: 'Nothing is archived.',
    shows: (campaign) => campaign.archivedAt !== null,
  },
];

export const DEFAULT_STATUS_FILTER = CAMPAIGN_STATUS_FILTERS[0]!;

/** The filter named by `?status=`, else the default. */
export function parseStatusFilter(value: string | null): CampaignStatusFilter {
  return CAMPAIGN_STATUS_FILTERS.find((filter) => filter.value === value) ?? DEFAULT_STATUS_FILTER;
}
