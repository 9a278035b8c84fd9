import { newCampaignStartsEnabled, normalizeUrl } from '@kindling/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { campaignKey, fetchCampaign } from '../../../lib/campaigns-api';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { teamHref } from '../../../lib/team-path';
import { ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorPanel } from '../../../ui/error-panel';
import { LoadingState } from '../../../ui/spinner';
import { createWizardState, updateWizardState } from '../state/wizard-state';
import { DraftWizardPage } from './draft-wizard-page';
import { Wizard } from './wizard';

/** The id in `?draft=`, read once: the wizard puts it there itself after its first save. */
function useOpenedDraftId(): number | undefined {
  const [params] = useSearchParams();
  const [id] = useState(() => Number(params.get('draft') ?? Number.NaN));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** /admin/{team}/campaign/new[?url=…|?draft=…]: the create flow, new or from a draft. */
export function NewCampaignWizardPage() {
  const draftId = useOpenedDraftId();
  return draftId === undefined ? <FreshWizardPage /> : <DraftWizardPage id={draftId} />;
}

function FreshWizardPage() {
  useDocumentTitle('New campaign');
  const { membership } = useCurrentTeam();
  const [params] = useSearchParams();
  const [initial] = useState(() =>
    createWizardState({
      url: normalizeUrl(params.get('url') ?? ''),
      // Spec section 4: a new campaign starts enabled only if the team has a subscription.
      isEnabled: newCampaignStartsEnabled(membership.subscription),
    }),
  );
  return <Wizard initial={initial} />;
}

/** /admin/{team}/campaign/{id}/edit: the update flow, starting at EditElements. */
export function EditCampaignWizardPage() {
  const { campaignId } = useParams();
  const { slug } = useCurrentTeam();
  const id = Number(campaignId);
  const valid = Number.isInteger(id) && id > 0;
  const campaign = useQuery({
    queryKey: [...campaignKey(slug, id), 'edit'],
    queryFn: () => fetchCampaign(slug, id),
    enabled: valid,
    // The wizard owns the state once it opens: a background refetch must not reset it.
    staleTime: Infinity,
    gcTime: 0,
  });
  useDocumentTitle(campaign.data ? `Edit ${campaign.data.name}` : 'Edit campaign');

  if (!valid || isApiError(campaign.error, 404)) {
    return (
      <EmptyState
        title="Campaign not found"
        description="It may have been deleted, or it belongs to another team."
        action={
          <ButtonLink to={teamHref(slug, '/campaigns')} variant="outline" color="secondary">
            Back to campaigns
          </ButtonLink>
        }
      />
    );
  }
  if (campaign.isPending) return <LoadingState />;
  if (campaign.isError) {
    return (
      <ErrorPanel
        title="Could not load the campaign"
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
      />
    );
  }
  return (
    <Wizard
      key={campaign.data.id}
      initial={updateWizardState(campaign.data)}
      campaign={campaign.data}
    />
  );
}
