import { z } from 'zod';
import { MAX_ROW_ID, rowId } from '../row-id';
import { thumbnailSchema } from '../campaign';
import { WIZARD_STEPS } from '../constants';

// Issue 35: a campaign being built is kept on the server from the moment its page is chosen.
// The wizard's state is the web app's to shape; the server keeps it whole, checks its size,
// and keeps the revision that tells two tabs apart.

/** A draft's state, serialised, at most this many bytes (a campaign of 20 elements ~ 60 KB). */
export const MAX_DRAFT_STATE_BYTES = 1_000_000;

export const DRAFT_MESSAGES = {
  conflict:
    'This draft was saved in another tab or by a teammate after you opened it. Reload it to carry on from the latest version.',
  notFound: 'Draft not found. It may have been discarded or turned into a campaign.',
  tooLarge: 'A draft holds at most 1 MB. Remove some variants and try again.',
  noPage: 'Choose the page to test before the draft is saved.',
  revision: 'baseRevision is the revision the draft was read at: a whole number from 0.',
} as const;

const draftStateSchema = z
  .record(z.string(), z.unknown())
  .refine((state) => JSON.stringify(state).length <= MAX_DRAFT_STATE_BYTES, {
    message: DRAFT_MESSAGES.tooLarge,
  });

export const saveDraftSchema = z.object({
  /** Absent: a new draft. */
  id: rowId.optional(),
  /** The revision this save was made from (0 for a new draft); another one is a conflict. */
  baseRevision: z
    .number(DRAFT_MESSAGES.revision)
    .int(DRAFT_MESSAGES.revision)
    .min(0, DRAFT_MESSAGES.revision)
    .max(MAX_ROW_ID, DRAFT_MESSAGES.revision),
  name: z.string().max(200),
  ingestedUrl: z.string().trim().min(1, DRAFT_MESSAGES.noPage).max(2048),
  step: z.enum(WIZARD_STEPS),
  thumbnail: thumbnailSchema,
  state: draftStateSchema,
});
export type SaveDraftInput = z.infer<typeof saveDraftSchema>;

export const savedDraftSchema = z.object({
  id: z.number().int(),
  revision: z.number().int(),
  updatedAt: z.string(),
});
export type SavedDraft = z.infer<typeof savedDraftSchema>;

export const draftSummarySchema = savedDraftSchema.extend({
  name: z.string(),
  ingestedUrl: z.string(),
  step: z.enum(WIZARD_STEPS),
  thumbnail: thumbnailSchema,
  createdAt: z.string(),
  /** Who saved it last, by e-mail; null when that account is gone. */
  updatedBy: z.string().nullable(),
});
export type DraftSummary = z.infer<typeof draftSummarySchema>;

export const campaignDraftSchema = draftSummarySchema.extend({
  state: z.record(z.string(), z.unknown()),
});
export type CampaignDraft = z.infer<typeof campaignDraftSchema>;

/** What the list shows for a draft with no name yet. */
export function draftTitle(draft: Pick<DraftSummary, 'name' | 'ingestedUrl'>): string {
  const name = draft.name.trim();
  if (name !== '') return name;
  try {
    const url = new URL(draft.ingestedUrl);
    return `Untitled: ${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return 'Untitled draft';
  }
}
