import {
  DEMO_MESSAGES,
  ERROR_MESSAGES,
  type Campaign,
  type DerivedMetricKey,
} from '@kindling/domain';
import { useEffect, useMemo, useState } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ErrorPanel } from '../../../ui/error-panel';
import { CampaignsIcon } from '../../../ui/icons';
import { LoadingState } from '../../../ui/spinner';
import { toastError } from '../../../ui/toast';
import { TrafficWarning } from '../../../ui/traffic-warning';
import { useCampaignCounts } from '../hooks/use-campaign-counts';
import { useCampaignStats } from '../hooks/use-campaign-stats';
import { useVariantActions } from '../hooks/use-variant-actions';
import { elementRows } from '../state/element-rows';
import { resultsCsv, resultsFileName } from '../state/results-csv';
import { downloadText } from '../../../lib/download';
import { useStatsRequest } from '../hooks/use-stats-request';
import { CombinationsTable } from './combinations-table';
import { ElementResults } from './element-results';
import { EventsExportMenu } from './events-export-menu';
import { HeadlineCards } from './headline-cards';
import { HowToRead } from './how-to-read';
import { LinkedArms } from './linked-arms';
import { NotOnPageNote } from './not-on-page-note';
import { NotEnoughDataNotice } from './not-enough-data-notice';
import { PageSpeed } from './page-speed';
import { ResultsCharts } from './results-charts';
import { ResultsToolbar } from './results-toolbar';
import { useOpenSegmentGroups } from '../hooks/use-segment-values';
import { SegmentEmpty, SegmentNotice } from './segment-notice';
import styles from './campaign-results.module.css';

function NoTraffic() {
  return (
    <div className={styles.empty} data-testid="no-traffic">
      <span className={styles.icon}>
        <CampaignsIcon size={24} />
      </span>
      <h3 className={styles.emptyTitle}>No traffic yet</h3>
      <p className={styles.emptyText}>
        Results appear here once visitors see this campaign. Each variant is compared with the
        original on conversions per view, conversions per session and revenue per session.
      </p>
    </div>
  );
}

/** The campaign page's results: headline metrics, charts over time and a table per element. */
export function CampaignResults({ campaign }: { campaign: Campaign }) {
  const { slug, featureFlags, isGuest } = useCurrentTeam();
  const { request, toolbar, granularities, calendarError, change } = useStatsRequest(campaign);
  const stats = useCampaignStats(slug, request);
  const counts = useCampaignCounts(slug, campaign.id);
  const openSegments = useOpenSegmentGroups(slug, campaign.id);
  const actions = useVariantActions(slug, campaign.id);
  const [metric, setMetric] = useState<DerivedMetricKey>('conversionsPerSession');

  const answer = stats.data;
  const views = answer?.overall.cumulative.views ?? 0;
  useEffect(() => {
    if (stats.error) toastError(stats.error);
  }, [stats.error]);

  const rows = useMemo(
    () =>
      answer
        ? elementRows({
            elements: campaign.elements,
            goals: campaign.goals,
            stats: answer.elements,
            metrics: answer.metrics,
            delivery: counts.data?.arms ?? [],
          })
        : [],
    [answer, campaign.elements, campaign.goals, counts.data],
  );
  const elementMode = answer?.elementMode ?? 'single';
  // Changed together, the first element's arms are the whole pages visitors saw (issue 35).
  const shownRows =
    elementMode === 'together'
      ? rows.slice(0, 1).map((row) => ({
          ...row,
          label: `Whole page: ${campaign.elements.length} elements changed together`,
        }))
      : rows;
  const comparing = Boolean(answer?.benchmark);
  const everSeen = (counts.data?.arms ?? []).some((arm) => arm.exposures > 0);

  const waiting = rows.some((row) => row.verdict?.state === 'not_enough_data');
  const plan = rows.find((row) => row.plan)?.plan ?? null;

  const exportCsv = () =>
    downloadText(
      resultsCsv(rows),
      resultsFileName({
        campaignId: campaign.id,
        range: request.range,
        timezone: request.timezone,
        segment: answer?.segment ?? undefined,
      }),
      'text/csv;charset=utf-8',
    );

  return (
    <Card
      title={answer?.segment ? `Results: ${answer.segment.label}` : 'Results'}
      description="How your variants perform against the original."
      data-testid="results"
      actions={
        <div className={styles.actions}>
          <Button variant="outline" size="sm" onClick={exportCsv} disabled={rows.length === 0}>
            Export CSV
          </Button>
          <EventsExportMenu team={slug} campaignId={campaign.id} range={request.range} />
        </div>
      }
    >
      <div className={styles.stack}>
        {campaign.isDemo ? (
          <p className={styles.demoBanner} role="note" data-testid="demo-banner">
            <Badge tone="info">{DEMO_MESSAGES.badge}</Badge>
            <span>{DEMO_MESSAGES.banner}</span>
          </p>
        ) : null}
        <ResultsToolbar
          values={toolbar}
          granularities={granularities}
          calendar={featureFlags.includes('calendar')}
          dateCompare={featureFlags.includes('campaign_date_compare')}
          calendarError={calendarError}
          openSegments={openSegments}
          onChange={change}
        />
        {stats.isPending ? (
          <LoadingState message={ERROR_MESSAGES.dataLoading} />
        ) : stats.isError && !answer ? (
          <ErrorPanel
            title="Could not load the results"
            error={stats.error}
            onRetry={() => void stats.refetch()}
          />
        ) : !answer || (views === 0 && !everSeen) ? (
          <NoTraffic />
        ) : answer.segment && views === 0 ? (
          <SegmentEmpty segment={answer.segment} />
        ) : (
          <div className={styles.stack} data-testid="results-body" aria-busy={stats.isFetching}>
            {answer.segment ? <SegmentNotice segment={answer.segment} /> : null}
            <TrafficWarning traffic={answer.traffic} />
            {waiting ? <NotEnoughDataNotice /> : null}
            <HowToRead minimumDetectableEffect={plan?.minimumDetectableEffect ?? null} />
            <HeadlineCards
              metrics={answer.overall.cumulative}
              selected={metric}
              comparing={comparing}
              changes={!waiting}
              blended={elementMode === 'separate'}
              onSelect={setMetric}
            />
            <ResultsCharts campaign={campaign} answer={answer} metric={metric} />
            <ElementResults
              elements={shownRows}
              metric={metric}
              // An ended test's variants are not switched or deleted any more (issue 35).
              controls={isGuest || campaign.end ? null : actions}
              ended={Boolean(campaign.end)}
              preview={
                featureFlags.includes('view_variant')
                  ? { team: slug, campaignId: campaign.id }
                  : undefined
              }
            />
            <NotOnPageNote views={counts.data?.notOnPage ?? 0} />
            {elementMode === 'together' ? <LinkedArms elements={campaign.elements} /> : null}
            {elementMode === 'separate' ? (
              <CombinationsTable
                team={slug}
                campaignId={campaign.id}
                elements={campaign.elements}
              />
            ) : null}
            <PageSpeed
              team={slug}
              campaign={campaign}
              elements={answer.elements}
              together={elementMode === 'together'}
              editable={!isGuest && !campaign.end}
            />
          </div>
        )}
      </div>
    </Card>
  );
}
