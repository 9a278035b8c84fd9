import { LANDING_PAGE_MESSAGES } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { presentPage, type PageView } from './present-page';
import { setPagePublished } from './repo';

/** Told when a page goes off the web, so what runs on it can stop (wired in app.ts). */
export type PageGone = (input: { teamId: number; pageId: number }) => Promise<void>;

/** Takes the page off the web (its address answers 404); content and sign-ups stay. */
export async function unpublishPage(
  { db, onPageGone }: { db: Db; onPageGone?: PageGone },
  { team, id, origin }: { team: TeamAccess; id: number; origin: string },
): Promise<PageView> {
  const row = await setPagePublished(db, { teamId: team.id, id, published: false });
  if (!row) throw notFound(LANDING_PAGE_MESSAGES.notFound);
  await onPageGone?.({ teamId: team.id, pageId: id });
  return presentPage(row, { origin, team: team.slug });
}
