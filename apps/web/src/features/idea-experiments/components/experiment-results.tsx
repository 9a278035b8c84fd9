import type { IdeaExperimentView } from '@kindling/domain';
import clsx from 'clsx';
import { formatCount, formatShare } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError } from '../../../ui/field';
import { TrafficWarning } from '../../../ui/traffic-warning';
import { VerdictBadge } from '../../../ui/verdict-badge';
import { errorMessage } from '../../../lib/error-message';
import { useStopExperiment } from '../hooks/use-idea-experiment';
import styles from './idea-test.module.css';

/** The arm the API's verdict names best: its winner, or the original when the original wins. */
function namedBest(experiment: IdeaExperimentView, variantId: number | null): boolean {
  const { state } = experiment.verdict;
  if (state === 'winner') return variantId !== null && variantId === experiment.verdict.variantId;
  return state === 'original_wins' && variantId === null;
}

function ArmsTable({ experiment }: { experiment: IdeaExperimentView }) {
  const running = experiment.status === 'running';
  return (
    <table className={styles.table} aria-label="Variants and their numbers" data-testid="arms">
      <thead>
        <tr>
          <th scope="col">Variant</th>
          <th scope="col">Views</th>
          <th scope="col">Sign-ups</th>
          <th scope="col">Rate</th>
        </tr>
      </thead>
      <tbody>
        {experiment.arms.map((arm) => {
          const progress = Math.min(1, arm.views / experiment.viewLimit);
          // Only the verdict crowns an arm, once the test stopped; the rest is in its words.
          const leads = !running && namedBest(experiment, arm.variantId);
          return (
            <tr key={arm.label} className={clsx(leads && styles.leader)} data-testid="arm">
              <th scope="row">
                <div className={styles.armCell}>
                  <span className={styles.armLabel}>
                    {arm.label}
                    {leads ? <Badge tone="success">Best</Badge> : null}
                  </span>
                  <span className={styles.armHeadline}>{arm.headline}</span>
                  <span className={styles.armCta}>Button: {arm.ctaLabel}</span>
                  {running ? (
                    <span className={styles.progress}>
                      <span
                        className={styles.bar}
                        role="progressbar"
                        aria-valuemin={0}
                        aria-valuemax={experiment.viewLimit}
                        aria-valuenow={Math.min(arm.views, experiment.viewLimit)}
                        aria-label={`${arm.label}: views toward ${formatCount(experiment.viewLimit)}`}
                      >
                        <span className={styles.fill} style={{ width: `${progress * 100}%` }} />
                      </span>
                      <span>
                        {formatCount(arm.views)} of {formatCount(experiment.viewLimit)} views
                      </span>
                    </span>
                  ) : null}
                </div>
              </th>
              <td data-label="Views">{formatCount(arm.views)}</td>
              <td data-label="Sign-ups">{formatCount(arm.signups)}</td>
              <td data-label="Rate">{formatShare(arm.rate)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** While running: per-arm views and sign-ups, progress toward the view limit, the verdict so far. */
export function ExperimentRunning({
  experiment,
  team,
  pageId,
}: {
  experiment: IdeaExperimentView;
  team: string;
  pageId: number;
}) {
  const stop = useStopExperiment(team, pageId);
  return (
    <Card
      title={
        <>
          Test running <Badge tone="info">Live</Badge>
        </>
      }
      description={`It stops by itself when every variant has ${formatCount(experiment.viewLimit)} views, or earlier when its always-valid verdict has an answer.`}
      actions={
        <Button
          variant="outline"
          color="danger"
          loading={stop.isPending}
          onClick={() => stop.mutate()}
        >
          Stop the test
        </Button>
      }
      data-testid="experiment-running"
    >
      <TrafficWarning traffic={experiment.traffic} className={styles.trafficRunning} />
      <p
        className={styles.soFar}
        data-testid="verdict-so-far"
        data-verdict={experiment.verdict.state}
      >
        <VerdictBadge state={experiment.verdict.state} /> {experiment.verdict.summary}
      </p>
      <ArmsTable experiment={experiment} />
      <FormError message={stop.isError ? errorMessage(stop.error) : null} />
    </Card>
  );
}

/** Stopped: the API's verdict in plain words, big, with the numbers behind it. */
export function ExperimentVerdict({
  experiment,
  onNewTest,
}: {
  experiment: IdeaExperimentView;
  onNewTest: () => void;
}) {
  return (
    <Card data-testid="experiment-verdict" data-verdict={experiment.verdict.state}>
      <div className={styles.verdictHead}>
        <VerdictBadge state={experiment.verdict.state} />
        {experiment.stopReasonText ? (
          <span className={styles.reason}>{experiment.stopReasonText}</span>
        ) : null}
      </div>
      <TrafficWarning traffic={experiment.traffic} className={styles.trafficStopped} />
      <p className={styles.verdict} data-testid="verdict">
        {experiment.verdict.summary}
      </p>
      <ArmsTable experiment={experiment} />
      <div className={styles.actions}>
        <Button onClick={onNewTest}>Test another idea</Button>
      </div>
    </Card>
  );
}
