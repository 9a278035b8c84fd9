import type { PerformanceFigures } from '@kindling/domain';

/** The list's orders; numbers sort highest first, the list's own order breaking ties. */
export const CAMPAIGN_SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'name', label: 'Name (A to Z)' },
  { value: 'views', label: 'Most views' },
  { value: 'conversionRate', label: 'Highest conversion rate' },
  { value: 'uplift', label: 'Highest uplift' },
] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number]['value'];

export const DEFAULT_SORT: CampaignSort = 'newest';

/** The sort named in the address, or the default for anything else. */
export function parseSort(value: string | null): CampaignSort {
  return CAMPAIGN_SORTS.find((sort) => sort.value === value)?.value ?? DEFAULT_SORT;
}

const names = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The number a campaign sorts by, or null to go after every campaign that has one: figures
 * not loaded yet, and a verdict that names no variant (the API gives an uplift only with it).
 */
function keyOf(sort: Exclude<CampaignSort, 'newest' | 'name'>, figures?: PerformanceFigures) {
  if (!figures) return null;
  switch (sort) {
    case 'views':
      return figures.views;
    case 'conversionRate':
      return figures.conversionRate;
    case 'uplift':
      return figures.verdict?.uplift?.estimate ?? null;
  }
}

/** `campaigns` (newest first, as the server lists them) in the chosen order; a new array. */
export function sortCampaigns<T extends { id: number; name: string }>(
  campaigns: readonly T[],
  figures: ReadonlyMap<number, PerformanceFigures>,
  sort: CampaignSort,
): T[] {
  if (sort === 'newest') return [...campaigns];
  if (sort === 'name') return [...campaigns].sort((a, b) => names.compare(a.name, b.name));
  const keyed = campaigns.map((campaign) => ({
    campaign,
    key: keyOf(sort, figures.get(campaign.id)),
  }));
  // Array#sort is stable: equal keys keep the list's order.
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) return a.key === b.key ? 0 : a.key === null ? 1 : -1;
    return b.key - a.key;
  });
  return keyed.map(({ campaign }) => campaign);
}
