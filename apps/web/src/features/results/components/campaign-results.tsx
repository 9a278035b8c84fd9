import {
  DEMO_MESSAGES,
  ERROR_MESSAGES,
  NOT_ENOUGH_DATA_VIEWS,
  type Campaign,
  type DerivedMetricKey,
} from '@kindling/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ErrorPanel } from '../../../ui/error-panel';
import { CampaignsIcon } from '../../../ui/icons';
import { useModals } from '../../../ui/modal-stack';
import { SegmentedControl } from '../../../ui/segmented-control';
import { LoadingState } from '../../../ui/spinner';
import { toastError } from '../../../ui/toast';
import { TrafficWarning } from '../../../ui/traffic-warning';
import { useCampaignCounts } from '../hooks/use-campaign-counts';
import { useCampaignStats } from '../hooks/use-campaign-stats';
import { useVariantActions } from '../hooks/use-variant-actions';
import {
  chartPoints,
  countMeasure,
  COUNT_KINDS,
  METRIC_KINDS,
  METRIC_MODES,
  metricMeasure,
  type CountKind,
  type MetricKind,
  type MetricMode,
} from '../state/chart-points';
import { elementRows } from '../state/element-rows';
import { formatCount } from '../../../lib/format';
import { formatChange, formatMetric, METRIC_LABELS } from '../state/metric-format';
import { resultsCsv } from '../state/results-csv';
import { downloadText } from '../../../lib/download';
import { useStatsRequest } from '../hooks/use-stats-request';
import { ElementResults } from './element-results';
import { HeadlineCards } from './headline-cards';
import { NotEnoughDataDialog } from './not-enough-data-dialog';
import { ResultsChart } from './results-chart';
import { ResultsToolbar } from './results-toolbar';
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
  const actions = useVariantActions(slug, campaign.id);
  const modals = useModals();
  const [metric, setMetric] = useState<DerivedMetricKey>('conversionsPerSession');
  const [mode, setMode] = useState<MetricMode>('cumulative');
  const [kind, setKind] = useState<MetricKind>('actual');
  const [count, setCount] = useState<CountKind>('views');
  const warned = useRef(false);

  const answer = stats.data;
  const views = answer?.overall.cumulative.views ?? 0;
  useEffect(() => {
    if (!answer || warned.current || views === 0 || views >= NOT_ENOUGH_DATA_VIEWS) return;
    warned.current = true;
    void modals.open(NotEnoughDataDialog, { views });
  }, [answer, views, modals]);
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
            delivery: counts.data?.arms ?? [],
          })
        : [],
    [answer, campaign.elements, campaign.goals, counts.data],
  );
  const comparing = Boolean(answer?.benchmark);
  const everSeen = (counts.data?.arms ?? []).some((arm) => arm.exposures > 0);

  const exportCsv = () =>
    downloadText(
      resultsCsv(rows),
      `${campaign.name.replace(/[^\w-]+/g, '-').toLowerCase()}-results-${request.range.start.slice(0, 10)}.csv`,
      'text/csv;charset=utf-8',
    );

  return (
    <Card
      title="Results"
      description="How your variants perform against the original."
      data-testid="results"
      actions={
        <Button variant="outline" size="sm" onClick={exportCsv} disabled={rows.length === 0}>
          Export CSV
        </Button>
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
        ) : (
          <div className={styles.stack} data-testid="results-body" aria-busy={stats.isFetching}>
            <TrafficWarning traffic={answer.traffic} />
            <HeadlineCards
              metrics={answer.overall.cumulative}
              selected={metric}
              comparing={comparing}
              onSelect={setMetric}
            />
            <section className={styles.panel} aria-label="Metric over time">
              <div className={styles.panelHeader}>
                <h3 className={styles.panelTitle}>{METRIC_LABELS[metric]} over time</h3>
                <div className={styles.controls}>
                  <SegmentedControl
                    legend="Mode"
                    name="mode"
                    value={mode}
                    options={METRIC_MODES}
                    onChange={setMode}
                  />
                  <SegmentedControl
                    legend="Show"
                    name="kind"
                    value={kind}
                    options={METRIC_KINDS}
                    onChange={setKind}
                  />
                </div>
              </div>
              <ResultsChart
                data-testid="metric-chart"
                points={chartPoints(answer, metricMeasure(metric, kind), mode)}
                format={
                  kind === 'improvement' ? formatChange : (value) => formatMetric(metric, value)
                }
                seriesName={METRIC_KINDS.find((k) => k.value === kind)!.label}
                compareName="Previous period"
              />
            </section>
            <section className={styles.panel} aria-label="Traffic over time">
              <div className={styles.panelHeader}>
                <h3 className={styles.panelTitle}>Traffic</h3>
                <SegmentedControl
                  legend="Count"
                  name="count"
                  value={count}
                  options={COUNT_KINDS}
                  onChange={setCount}
                />
              </div>
              <ResultsChart
                data-testid="traffic-chart"
                points={chartPoints(answer, countMeasure(count), mode)}
                format={formatCount}
                seriesName={COUNT_KINDS.find((k) => k.value === count)!.label}
                compareName="Previous period"
              />
            </section>
            <ElementResults
              elements={rows}
              metric={metric}
              controls={isGuest ? null : actions}
              preview={
                featureFlags.includes('view_variant')
                  ? { team: slug, campaignId: campaign.id }
                  : undefined
              }
            />
          </div>
        )}
      </div>
    </Card>
  );
}
