import { DRAFT_MESSAGES } from '@kindling/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { discardDraft, draftKey, fetchDraft } from '../../../lib/drafts-api';
import { teamHref } from '../../../lib/team-path';
import { Button, ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorPanel } from '../../../ui/error-panel';
import { LoadingState } from '../../../ui/spinner';
import { DRAFT_UNREADABLE, wizardStateFromDraft } from '../state/draft-snapshot';
import { Wizard } from './wizard';

/** /admin/{team}/campaign/new?draft={id}: a campaign being built, where it was left. */
export function DraftWizardPage({ id }: { id: number }) {
  const { slug } = useCurrentTeam();
  const navigate = useNavigate();
  useDocumentTitle('New campaign');
  const draft = useQuery({
    queryKey: draftKey(slug, id),
    queryFn: () => fetchDraft(slug, id),
    // The wizard owns the state once it opens: a background refetch must not reset it.
    staleTime: Infinity,
    gcTime: 0,
  });
  const discard = useMutation({
    mutationFn: () => discardDraft(slug, id),
    onSuccess: () => navigate(teamHref(slug, '/campaigns')),
  });
  const back = (
    <ButtonLink to={teamHref(slug, '/campaigns')} variant="outline" color="secondary">
      Back to campaigns
    </ButtonLink>
  );

  if (isApiError(draft.error, 404)) {
    return (
      <EmptyState title="Draft not found" description={DRAFT_MESSAGES.notFound} action={back} />
    );
  }
  if (draft.isPending) return <LoadingState />;
  if (draft.isError) {
    return (
      <ErrorPanel
        title="Could not load the draft"
        error={draft.error}
        onRetry={() => void draft.refetch()}
      />
    );
  }
  const initial = wizardStateFromDraft(draft.data);
  if (!initial) {
    return (
      <EmptyState
        title="This draft cannot be opened"
        description={DRAFT_UNREADABLE}
        action={
          <Button color="danger" loading={discard.isPending} onClick={() => discard.mutate()}>
            Discard draft
          </Button>
        }
      />
    );
  }
  return (
    <Wizard
      key={draft.data.id}
      initial={initial}
      draft={{ id: draft.data.id, revision: draft.data.revision }}
    />
  );
}
