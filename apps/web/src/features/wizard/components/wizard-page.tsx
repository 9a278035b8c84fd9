import { newCampaignStartsEnabled, normalizeUrl, type Campaign } from '@kindling/domain';
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
import { duplicateWizardState } from '../state/duplicate-campaign';
import { createWizardState, updateWizardState } from '../state/wizard-state';
import { DraftWizardPage } from './draft-wizard-page';
import { Wizard } from './wizard';

const positiveId = (value: string | null | undefined): number | undefined => {
  const id = Number(value ?? Number.NaN);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * /admin/{team}/campaign/new[?url=…|?draft=…|?duplicate=…]: the create flow: new, from a
 * draft, or a copy of a saved campaign. The address is read once: after its first save the
 * wizard puts `?draft=` there itself.
 */
export function NewCampaignWizardPage() {
  const [params] = useSearchParams();
  const [opened] = useState(() => ({
    draft: positiveId(params.get('draft')),
    duplicate: positiveId(params.get('duplicate')),
  }));
  if (opened.draft !== undefined) return <DraftWizardPage id={opened.draft} />;
  if (opened.duplicate !== undefined) {
    return <CampaignWizardPage id={opened.duplicate} open={duplicateWizardState} copy />;
  }
  return <FreshWizardPage />;
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
  return <CampaignWizardPage id={positiveId(campaignId)} open={updateWizardState} />;
}

interface CampaignWizardPageProps {
  id: number | undefined;
  open: (campaign: Campaign) => ReturnType<typeof updateWizardState>;
  /** A copy: a new campaign, not the saved one's own suggestions. */
  copy?: boolean;
}

/** A wizard opened from a saved campaign: to edit it, or to build a copy of it. */
function CampaignWizardPage({ id, open, copy = false }: CampaignWizardPageProps) {
  const { slug } = useCurrentTeam();
  const campaign = useQuery({
    queryKey: [...campaignKey(slug, id ?? 0), 'edit'],
    queryFn: () => fetchCampaign(slug, id ?? 0),
    enabled: id !== undefined,
    // The wizard owns the state once it opens: a background refetch must not reset it.
    staleTime: Infinity,
    gcTime: 0,
  });
  const name = campaign.data?.name;
  useDocumentTitle(name ? `${copy ? 'Copy' : 'Edit'} ${name}` : 'Edit campaign');
  const [initial, setInitial] = useState<ReturnType<typeof open>>();
  if (campaign.data && !initial) setInitial(open(campaign.data));

  if (id === undefined || isApiError(campaign.error, 404)) {
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
  if (campaign.isError) {
    return (
      <ErrorPanel
        title="Could not load the campaign"
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
      />
    );
  }
  if (!campaign.data || !initial) return <LoadingState />;
  return (
    <Wizard
      key={campaign.data.id}
      initial={initial}
      {...(copy ? {} : { campaign: campaign.data })}
    />
  );
}
