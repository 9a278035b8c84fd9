import { samePage, type PageTarget } from '../tracker-config';
import { matchesPage } from './page-rules';

/**
 * Whether a campaign runs on the page at `href`: on its one page (`samePage`) or where its page
 * rules say (`matchesPage`). The tracker's rules bundles, collect and the editor use this one
 * rule.
 */
export const runsOn = (where: PageTarget, href: string): boolean =>
  typeof where === 'string' ? samePage(where, href) : matchesPage(where, href);
