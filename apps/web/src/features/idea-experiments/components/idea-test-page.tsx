import { useState } from 'react';
import { useParams } from 'react-router';
import { useCurrentTeam } from '../../../lib/current-team';
import { ErrorPanel } from '../../../ui/error-panel';
import { PageHeader } from '../../../ui/page-header';
import { LoadingState } from '../../../ui/spinner';
import { useIdeaExperiment, useTestedPage } from '../hooks/use-idea-experiment';
import { ExperimentRunning, ExperimentVerdict } from './experiment-results';
import { ExperimentSetup } from './experiment-setup';
import styles from './idea-test.module.css';

/**
 * /admin/{team}/pages/{pageId}/test: "Test this idea". Set-up while nothing runs, the live
 * numbers while a test runs, the verdict once it stopped (and a way to test the next idea).
 */
export function IdeaTestPage() {
  const { slug: team } = useCurrentTeam();
  const pageId = Number(useParams().pageId);
  const page = useTestedPage(team, pageId);
  const experiment = useIdeaExperiment(team, pageId);
  const [newTest, setNewTest] = useState(false);

  const header = (
    <PageHeader
      eyebrow="Landing pages"
      title="Test this idea"
      description={
        page.data ? (
          <>
            On <strong>{page.data.content.headline}</strong>{' '}
            <a href={page.data.url} target="_blank" rel="noreferrer" className={styles.pageUrl}>
              {page.data.url}
            </a>
          </>
        ) : undefined
      }
    />
  );

  if (page.isPending || experiment.isPending) {
    return (
      <div>
        {header}
        <LoadingState />
      </div>
    );
  }
  if (page.isError || experiment.isError) {
    return (
      <div>
        {header}
        <ErrorPanel
          title="Could not load the test"
          error={page.error ?? experiment.error}
          onRetry={() => void Promise.all([page.refetch(), experiment.refetch()])}
        />
      </div>
    );
  }
  const current = experiment.data;
  const showSetup = !current || (current.status === 'stopped' && newTest);
  return (
    <div>
      {header}
      {!page.data.published && showSetup ? (
        <p className={styles.warning} role="status">
          Publish the page before you start a test: visitors can only see a published page.
        </p>
      ) : null}
      {showSetup ? (
        <ExperimentSetup key={current?.id ?? 'first'} team={team} pageId={pageId} />
      ) : current.status === 'running' ? (
        <ExperimentRunning experiment={current} team={team} pageId={pageId} />
      ) : (
        <ExperimentVerdict experiment={current} onNewTest={() => setNewTest(true)} />
      )}
    </div>
  );
}
