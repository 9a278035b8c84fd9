import { draftTitle, WIZARD_STEP_LABELS, type DraftSummary } from '@kindling/domain';
import { displayUrl, formatTimeAgo } from '../../../lib/format';
import { teamHref } from '../../../lib/team-path';
import { Badge } from '../../../ui/badge';
import { Button, ButtonLink } from '../../../ui/button';
import { TrashIcon } from '../../../ui/icons';
import { useDiscardDraft } from '../hooks/use-drafts';
import { CampaignThumbnail } from './campaign-thumbnail';
import styles from './draft-list.module.css';

/** Campaigns being built, each to continue where it was left or to discard (issue 35). */
export function DraftList({
  team,
  drafts,
  readOnly,
}: {
  team: string;
  drafts: readonly DraftSummary[];
  readOnly: boolean;
}) {
  const discard = useDiscardDraft(team);
  return (
    <ul className={styles.list} aria-label="Drafts" data-testid="draft-list">
      {drafts.map((draft) => {
        const title = draftTitle(draft);
        return (
          <li key={draft.id} className={styles.row} data-testid="draft-row">
            <CampaignThumbnail src={draft.thumbnail?.small} alt={`Screenshot of ${title}`} />
            <div className={styles.main}>
              <span className={styles.name}>{title}</span>
              <span className={styles.url}>{displayUrl(draft.ingestedUrl)}</span>
              <span className={styles.meta}>
                <Badge tone="warning">Draft</Badge>
                <span>At {WIZARD_STEP_LABELS[draft.step]}</span>
                <span>
                  Saved {formatTimeAgo(draft.updatedAt)}
                  {draft.updatedBy ? ` by ${draft.updatedBy}` : ''}
                </span>
              </span>
            </div>
            {readOnly ? null : (
              <div className={styles.actions}>
                <ButtonLink
                  to={teamHref(team, `/campaign/new?draft=${draft.id}`)}
                  size="sm"
                  aria-label={`Continue ${title}`}
                >
                  Continue
                </ButtonLink>
                <Button
                  variant="ghost"
                  color="danger"
                  size="sm"
                  icon={<TrashIcon size={16} />}
                  aria-label={`Discard ${title}`}
                  onClick={() => void discard(draft)}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
