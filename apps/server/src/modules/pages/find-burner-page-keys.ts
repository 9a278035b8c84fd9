import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { configuredPagesOrigin } from './page-origin';
import { burnerPageSlug } from './page-of-url';
import { findPageCollectKeys } from './repo';

/**
 * For the campaigns that run on one of their team's burner pages: campaign id -> that page's
 * collect key, which collect asks of their events. Campaigns elsewhere are left out.
 */
export async function findBurnerPageKeys(
  { db, config }: { db: Db; config: Pick<Config, 'PAGES_ORIGIN' | 'PUBLIC_URL'> },
  campaigns: readonly { id: number; teamId: number; teamSlug: string; url: string }[],
): Promise<Map<number, string>> {
  const pagesOrigin = configuredPagesOrigin(config);
  const onPages = campaigns.flatMap((campaign) => {
    const slug = burnerPageSlug(campaign.url, { teamSlug: campaign.teamSlug, pagesOrigin });
    return slug === undefined ? [] : [{ campaign, slug }];
  });
  const pages = await findPageCollectKeys(
    db,
    onPages.map(({ campaign, slug }) => ({ teamId: campaign.teamId, slug })),
  );
  const keys = new Map<number, string>();
  for (const { campaign, slug } of onPages) {
    const page = pages.find((row) => row.teamId === campaign.teamId && row.slug === slug);
    if (page) keys.set(campaign.id, page.collectKey);
  }
  return keys;
}
