import { DRAFT_MESSAGES, type CampaignDraft, type DraftSummary } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { presentDraft, presentDraftSummary } from './present-draft';
import { findDraft, listDrafts } from './repo';

export async function getDrafts(
  { db }: { db: Db },
  { teamId }: { teamId: number },
): Promise<{ drafts: DraftSummary[] }> {
  return { drafts: (await listDrafts(db, teamId)).map(presentDraftSummary) };
}

export async function getDraft(
  { db }: { db: Db },
  { teamId, id }: { teamId: number; id: number },
): Promise<CampaignDraft> {
  const row = await findDraft(db, teamId, id);
  if (!row) throw notFound(DRAFT_MESSAGES.notFound);
  return presentDraft(row);
}
