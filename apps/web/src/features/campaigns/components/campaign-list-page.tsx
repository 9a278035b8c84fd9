import { PAGE_BLOCKS, PAGE_SIZE, pageBlocks, paginate } from '@kindling/domain';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { pluralize } from '../../../lib/format';
import { teamHref } from '../../../lib/team-path';
import { ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorPanel } from '../../../ui/error-panel';
import { FlameIcon, PlusIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/page-header';
import { Pagination } from '../../../ui/pagination';
import { useCampaignEnd } from '../hooks/use-campaign-end';
import { useCampaignPerformance } from '../hooks/use-campaign-performance';
import { useCampaigns } from '../hooks/use-campaigns';
import { useDrafts } from '../hooks/use-drafts';
import { useDeleteCampaign } from '../hooks/use-delete-campaign';
import { useToggleCampaign } from '../hooks/use-toggle-campaign';
import { CampaignListSkeleton } from './campaign-list-skeleton';
import { OnboardingCarousel } from './onboarding-carousel';
import { parseSort, sortCampaigns, type CampaignSort } from '../state/sort-campaigns';
import { CampaignRow } from './campaign-row';
import { DraftList } from './draft-list';
import { CampaignRowFigures } from './campaign-row-figures';
import { CampaignSortSelect } from './campaign-sort-select';
import { CampaignStatusSelect } from './campaign-status-select';
import {
  DEFAULT_STATUS_FILTER,
  parseStatusFilter,
  type CampaignStatusFilter,
} from '../state/campaign-status-filter';
import { DemoCampaignButton } from './demo-campaign-button';
import styles from './campaign-list-page.module.css';

interface CampaignListPageProps {
  /** Shown above the list: the intro survey's prompt, passed in by the app (another feature). */
  introSurvey?: ReactNode;
  /** Shown above the list: all campaigns against the global holdout (the holdout feature). */
  programme?: ReactNode;
}

export function CampaignListPage({ introSurvey, programme }: CampaignListPageProps) {
  useDocumentTitle('Campaigns');
  const { slug, user, isReadOnly } = useCurrentTeam();
  const [params, setParams] = useSearchParams();
  const campaigns = useCampaigns(slug);
  const drafts = useDrafts(slug);
  const draftList = drafts.data ?? [];
  const performance = useCampaignPerformance(slug, user.preferences.timezone);
  const toggle = useToggleCampaign(slug);
  const deleteCampaign = useDeleteCampaign(slug);
  const ending = useCampaignEnd(slug);
  const newCampaignHref = teamHref(slug, '/campaign/new');

  const newButton = (
    <ButtonLink to={newCampaignHref} variant="gradient" icon={<PlusIcon size={16} />}>
      New campaign
    </ButtonLink>
  );

  const list = campaigns.data ?? [];
  const sort = parseSort(params.get('sort'));
  const status = parseStatusFilter(params.get('status'));
  const shown = list.filter(status.shows);
  const sorted = sortCampaigns(shown, performance.figures, sort);
  const requestedPage = Number(params.get('page') ?? '1');
  const page = paginate(sorted, requestedPage, PAGE_SIZE);

  /** A new order starts again from the first page. */
  function sortBy(next: CampaignSort) {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.delete('page');
      if (next === 'newest') updated.delete('sort');
      else updated.set('sort', next);
      return updated;
    });
  }

  /** Another filter starts again from the first page. */
  function showOnly(next: CampaignStatusFilter) {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.delete('page');
      if (next === DEFAULT_STATUS_FILTER) updated.delete('status');
      else updated.set('status', next.value);
      return updated;
    });
  }

  function goToPage(next: number) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      },
      { preventScrollReset: false },
    );
    window.scrollTo({ top: 0 });
  }

  return (
    <div>
      <PageHeader
        title="Campaigns"
        description={
          campaigns.data
            ? `${pluralize(list.length, 'campaign')} in this team`
            : 'Experiments running on your pages'
        }
        actions={list.length > 0 && !isReadOnly ? newButton : undefined}
      />
      {introSurvey}
      {programme}
      {campaigns.isPending ? (
        <CampaignListSkeleton />
      ) : campaigns.isError ? (
        <ErrorPanel
          title="Could not load campaigns"
          error={campaigns.error}
          onRetry={() => void campaigns.refetch()}
        />
      ) : list.length === 0 ? (
        <div className={styles.empty}>
          {draftList.length > 0 ? (
            <section className={styles.drafts} aria-label="Carry on where you left off">
              <h2 className={styles.draftsTitle}>Carry on where you left off</h2>
              <DraftList team={slug} drafts={draftList} readOnly={isReadOnly} />
            </section>
          ) : null}
          <EmptyState
            icon={<FlameIcon size={26} />}
            title="No campaigns yet"
            description="Pick a landing page, create variants of its headlines and images, and let real traffic decide which one converts best."
            action={
              isReadOnly ? undefined : (
                <div className={styles.emptyActions}>
                  {newButton}
                  <DemoCampaignButton team={slug} />
                </div>
              )
            }
          />
          <OnboardingCarousel />
        </div>
      ) : (
        <>
          <div className={styles.toolbar}>
            <CampaignStatusSelect value={status} onChange={showOnly} />
            <CampaignSortSelect value={sort} onChange={sortBy} />
          </div>
          {status.listsDrafts && draftList.length > 0 ? (
            <DraftList team={slug} drafts={draftList} readOnly={isReadOnly} />
          ) : null}
          {(status.listsDrafts ? draftList : shown).length === 0 ? (
            <p className={styles.noneShown} data-testid="campaign-filter-empty">
              {status.empty}
            </p>
          ) : null}
          <ul
            hidden={shown.length === 0}
            className={styles.list}
            aria-label="Campaigns"
            data-testid="campaign-list"
          >
            {page.items.map((campaign) => (
              <CampaignRow
                key={campaign.id}
                campaign={campaign}
                href={teamHref(slug, `/campaign/${campaign.id}`)}
                duplicateHref={teamHref(slug, `/campaign/new?duplicate=${campaign.id}`)}
                timeZone={user.preferences.timezone}
                readOnly={isReadOnly}
                onToggle={(isEnabled) => toggle.mutate({ id: campaign.id, isEnabled })}
                onDelete={() => void deleteCampaign(campaign)}
                onArchive={(archive) =>
                  ending.mutate({ type: archive ? 'archive' : 'unarchive', id: campaign.id })
                }
                figures={
                  performance.isError ? null : (
                    <CampaignRowFigures figures={performance.figures.get(campaign.id)} />
                  )
                }
              />
            ))}
          </ul>
          <Pagination
            page={page.page}
            pageCount={page.totalPages}
            blocks={pageBlocks(page.page, page.totalPages, PAGE_BLOCKS)}
            onPageChange={goToPage}
            label="Campaign pages"
          />
        </>
      )}
    </div>
  );
}
