import type { UrlContextView } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { presentUrlContext } from './present-url-context';
import { findUrlContext } from './repo';

/** Any member may read a page's context; `url` is already a pageUrlKey (the route parsed it). */
export async function getUrlContext(
  { db }: { db: Db },
  { team, url }: { team: Pick<TeamAccess, 'id'>; url: string },
): Promise<UrlContextView> {
  return presentUrlContext(url, await findUrlContext(db, team.id, url));
}
