import type { CampaignDraft, DraftSummary, WizardStep } from '@kindling/domain';
import type { DraftRow } from './repo';

export function presentDraftSummary(row: DraftRow): DraftSummary {
  return {
    id: row.id,
    revision: row.revision,
    name: row.name,
    ingestedUrl: row.ingestedUrl,
    step: row.step as WizardStep,
    thumbnail: row.thumbnail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedByEmail,
  };
}

export const presentDraft = (row: DraftRow): CampaignDraft => ({
  ...presentDraftSummary(row),
  state: JSON.parse(row.state) as Record<string, unknown>,
});
