import {
  CAMPAIGN_TYPE_LABELS,
  DEMO_MESSAGES,
  teamScreenUrl,
  type Campaign,
} from '@kindling/domain';
import type { ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { displayUrl, formatDate, safeHref } from '../../../lib/format';
import { teamHref } from '../../../lib/team-path';
import { Badge } from '../../../ui/badge';
import { Button, ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { CopyButton } from '../../../ui/copy-button';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorPanel } from '../../../ui/error-panel';
import { LoadingState } from '../../../ui/spinner';
import { ExternalIcon, TrashIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/page-header';
import { PageIdentity } from '../../../ui/page-identity';
import { useCampaignEnd } from '../hooks/use-campaign-end';
import { useCampaign } from '../hooks/use-campaigns';
import { useDeleteCampaign } from '../hooks/use-delete-campaign';
import { useConfirm } from '../../../ui/confirm-dialog';
import { InstallTrackerCard } from '../../../ui/install-tracker-card';
import { CampaignContents } from './campaign-contents';
import { CodeChangesCard } from './code-changes-card';
import { CampaignEndBanner } from './campaign-end-banner';
import { CampaignFacts } from './campaign-facts';
import { CampaignThumbnail } from './campaign-thumbnail';
import { AudienceCard } from './audience-card';
import { PageRulesCard } from './page-rules-card';
import { ScheduleCard } from './schedule-card';
import { useOpenEndTest } from './end-test-dialog';
import styles from './campaign-page.module.css';

/** What the page shows of the campaign's results; the app passes it in (features stay apart). */
export type ResultsComponent = ComponentType<{ campaign: Campaign }>;

export function CampaignPage({ Results }: { Results: ResultsComponent }) {
  const { campaignId } = useParams();
  const { slug } = useCurrentTeam();
  const id = Number(campaignId);
  const campaign = useCampaign(slug, id);
  useDocumentTitle(campaign.data?.name ?? 'Campaign');

  const backToList = (
    <ButtonLink to={teamHref(slug, '/campaigns')} variant="outline" color="secondary">
      Back to campaigns
    </ButtonLink>
  );

  if (!Number.isInteger(id) || id <= 0 || isApiError(campaign.error, 404)) {
    return (
      <EmptyState
        title="Campaign not found"
        description="It may have been deleted, or it belongs to another team."
        action={backToList}
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
  return <CampaignDetails campaign={campaign.data} Results={Results} />;
}

function CampaignDetails({ campaign, Results }: { campaign: Campaign; Results: ResultsComponent }) {
  const { slug, user, adminUrl, isReadOnly } = useCurrentTeam();
  const navigate = useNavigate();
  const deleteCampaign = useDeleteCampaign(slug);
  const ending = useCampaignEnd(slug);
  const openEndTest = useOpenEndTest();
  const confirm = useConfirm();
  const href = safeHref(campaign.ingestedUrl);
  const { end } = campaign;

  async function handleDelete() {
    if (await deleteCampaign(campaign)) await navigate(teamHref(slug, '/campaigns'));
  }

  async function handleEnd() {
    const rollout = await openEndTest({
      team: slug,
      campaignId: campaign.id,
      campaignName: campaign.name,
    });
    if (rollout) ending.mutate({ type: 'end', id: campaign.id, rollout });
  }

  async function handleRemoveRollout() {
    const sure = await confirm({
      title: 'Remove rollout',
      message: `Visitors will see the page as you made it again. Do this once "${end?.outcome.replace(/ rolled out$/, '')}" is shipped in your page's code, or to drop it.`,
      confirmLabel: 'Remove rollout',
    });
    if (sure) ending.mutate({ type: 'remove-rollout', id: campaign.id });
  }

  return (
    <div data-testid="campaign-page">
      <PageHeader
        eyebrow={
          <ButtonLink to={teamHref(slug, '/campaigns')} variant="link" color="secondary">
            ← Campaigns
          </ButtonLink>
        }
        title={campaign.name}
        description={
          <span className={styles.subtitle}>
            {campaign.isDemo ? (
              <span data-testid="demo-badge">
                <Badge tone="info">{DEMO_MESSAGES.badge}</Badge>
              </span>
            ) : null}
            {end ? (
              <Badge>Ended</Badge>
            ) : (
              <Badge tone={campaign.isEnabled ? 'success' : 'neutral'}>
                {campaign.isEnabled ? 'Enabled' : 'Paused'}
              </Badge>
            )}
            {campaign.archivedAt ? <Badge>Archived</Badge> : null}
            <span>{CAMPAIGN_TYPE_LABELS[campaign.type] ?? campaign.type}</span>
            <span aria-hidden="true">·</span>
            <span>Created {formatDate(campaign.createdAt, user.preferences.timezone)}</span>
          </span>
        }
        actions={
          // A guest or a viewer changes nothing; a demo has no live page to edit or preview.
          isReadOnly ? undefined : (
            <>
              {campaign.isDemo || end ? null : (
                <>
                  <Button
                    variant="outline"
                    loading={ending.isPending}
                    onClick={() => void handleEnd()}
                    data-testid="end-test"
                  >
                    End test
                  </Button>
                  <ButtonLink
                    to={teamHref(slug, `/campaign/${campaign.id}/edit`)}
                    variant="outline"
                  >
                    Edit variants
                  </ButtonLink>
                  <ButtonLink
                    to={teamHref(
                      slug,
                      `/preview?${new URLSearchParams({ url: campaign.ingestedUrl, campaign: String(campaign.id) }).toString()}`,
                    )}
                    variant="outline"
                    color="secondary"
                  >
                    Preview page
                  </ButtonLink>
                </>
              )}
              {campaign.isDemo ? null : (
                <ButtonLink
                  to={teamHref(slug, `/campaign/new?duplicate=${campaign.id}`)}
                  variant="outline"
                  color="secondary"
                >
                  Duplicate
                </ButtonLink>
              )}
              <CopyButton
                text={teamScreenUrl(adminUrl, slug, `/campaign/${campaign.id}`)}
                size="md"
                variant="outline"
                color="secondary"
              >
                Copy link
              </CopyButton>
              <Button
                variant="outline"
                color="danger"
                icon={<TrashIcon size={16} />}
                onClick={() => void handleDelete()}
              >
                Delete
              </Button>
            </>
          )
        }
      />

      <div className={styles.sections}>
        {end ? (
          <CampaignEndBanner
            end={end}
            timeZone={user.preferences.timezone}
            removing={ending.isPending}
            onRemoveRollout={isReadOnly ? undefined : () => void handleRemoveRollout()}
          />
        ) : null}
        <Results campaign={campaign} />
        <CampaignContents campaign={campaign} />
        <CodeChangesCard team={slug} campaignId={campaign.id} />
        <div className={styles.grid}>
          <div className={styles.mainColumn}>
            {campaign.isDemo ? (
              <Card title="About this demo" data-testid="demo-about">
                <p className={styles.description}>{DEMO_MESSAGES.about}</p>
              </Card>
            ) : (
              <>
                <PageRulesCard
                  team={slug}
                  campaignId={campaign.id}
                  readOnly={isReadOnly || Boolean(end)}
                />
                <AudienceCard
                  team={slug}
                  campaignId={campaign.id}
                  readOnly={isReadOnly || Boolean(end)}
                />
                <InstallTrackerCard campaignId={campaign.id} pageUrl={campaign.ingestedUrl} />
              </>
            )}
          </div>
          <aside className={styles.sideColumn}>
            <Card padded={false} className={styles.previewCard}>
              <CampaignThumbnail
                src={campaign.thumbnail?.large ?? campaign.thumbnail?.small}
                alt={`Screenshot of ${displayUrl(campaign.ingestedUrl)}`}
                size="lg"
              />
              <div className={styles.previewBody}>
                <span className={styles.previewLabel}>Page</span>
                <PageIdentity
                  ingestedUrl={campaign.ingestedUrl}
                  title={campaign.meta.title}
                  favicon={campaign.meta.favicon}
                  className={styles.pageIdentity}
                />
                {href ? (
                  <a href={href} target="_blank" rel="noreferrer noopener" className={styles.url}>
                    {displayUrl(campaign.ingestedUrl)}
                    <ExternalIcon size={12} />
                  </a>
                ) : (
                  <span className={styles.url}>{campaign.ingestedUrl}</span>
                )}
                {campaign.description ? (
                  <p className={styles.description}>{campaign.description}</p>
                ) : null}
              </div>
            </Card>
            {campaign.isDemo ? null : (
              <ScheduleCard
                team={slug}
                campaign={campaign}
                readOnly={isReadOnly || Boolean(end) || Boolean(campaign.archivedAt)}
              />
            )}
            <CampaignFacts campaign={campaign} />
          </aside>
        </div>
      </div>
    </div>
  );
}
