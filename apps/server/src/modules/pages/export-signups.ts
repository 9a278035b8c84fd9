import { LANDING_PAGE_MESSAGES, toCsv } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { findPage, listSignups } from './repo';

/** The page's sign-ups as CSV (oldest first), safe to open in a spreadsheet. */
export async function exportSignups(
  { db }: { db: Db },
  { team, id }: { team: TeamAccess; id: number },
): Promise<{ filename: string; csv: string }> {
  const page = await findPage(db, team.id, id);
  if (!page) throw notFound(LANDING_PAGE_MESSAGES.notFound);
  const signups = await listSignups(db, { teamId: team.id, pageId: page.id });
  const rows = signups.map((signup) => [signup.email, new Date(signup.createdAt).toISOString()]);
  return {
    filename: `${page.slug}-signups.csv`,
    csv: toCsv([['email', 'signed_up_at'], ...rows]),
  };
}
