import { isEmptyUrlContext, type UrlContext, type UrlContextView } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { getUrlContext } from './get-url-context';
import { deleteUrlContext, upsertUrlContext } from './repo';

/**
 * Any member may save a page's context (the last save wins). Saving an empty one forgets it, so
 * prompts stop mentioning the page rather than carry empty lines.
 */
export async function saveUrlContext(
  { db }: { db: Db },
  {
    team,
    userId,
    url,
    context,
  }: { team: TeamAccess; userId: number; url: string; context: UrlContext },
): Promise<UrlContextView> {
  if (isEmptyUrlContext(context)) await deleteUrlContext(db, team.id, url);
  else await upsertUrlContext(db, team.id, { url, context, userId });
  return getUrlContext({ db }, { team, url });
}
