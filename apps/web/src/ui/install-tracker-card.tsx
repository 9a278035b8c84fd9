import { useState } from 'react';
import { useCurrentTeam } from '../lib/current-team';
import type { SnippetMode } from '../lib/tracker/tracker-api';
import { Button } from './button';
import { Card } from './card';
import { CopyButton } from './copy-button';
import { ErrorPanel } from './error-panel';
import { Skeleton } from './skeleton';
import { useInstallationCheck } from '../lib/tracker/use-installation-check';
import { useTrackerSnippet } from '../lib/tracker/use-tracker-snippet';
import { InstallationResult } from './installation-result';
import { RadioCards } from './radio-cards';
import styles from './install-tracker-card.module.css';

const MODES = [
  {
    value: 'sync',
    label: 'Default tag',
    description:
      'Visitors never see the original flash before their variant. The page waits for Kindling to answer, so a slow Kindling slows the page.',
  },
  {
    value: 'async',
    label: 'Async tag',
    description:
      'The page never waits for Kindling, even when it is slow or down. On a visitor’s first page view, what shows before Kindling answers keeps its original and is counted as missed.',
  },
] as const;

/**
 * The one script tag a team puts on its site, how to install it, and a check that asks the
 * server whether the tag has reported a visit (for one campaign's page, or for any).
 */
export function InstallTrackerCard({
  campaignId,
  pageUrl,
}: {
  campaignId?: number;
  pageUrl?: string;
}) {
  const { slug } = useCurrentTeam();
  const [mode, setMode] = useState<SnippetMode>('sync');
  const snippet = useTrackerSnippet(slug, mode);
  const check = useInstallationCheck(slug, campaignId);

  return (
    <Card
      title="Tracker tag"
      description="One tag runs every campaign of this team on your site."
      data-testid="install-tracker"
    >
      <div className={styles.body}>
        <ol className={styles.steps}>
          <li>
            Paste the tag into the <code>&lt;head&gt;</code> of{' '}
            {pageUrl ? 'the page' : 'every page you test'}, above other scripts, so variants show
            from the first paint.
          </li>
          <li>Publish, then open the page once in a browser.</li>
          <li>Check the installation below.</li>
        </ol>
        <RadioCards
          legend="How the tag loads"
          name="tracker-snippet-mode"
          value={mode}
          options={MODES}
          onChange={setMode}
          size="sm"
          data-testid="tracker-snippet-mode"
        />
        {snippet.isPending ? (
          <Skeleton style={{ height: 64 }} />
        ) : snippet.isError ? (
          <ErrorPanel
            title="Could not load the tag"
            error={snippet.error}
            onRetry={() => void snippet.refetch()}
          />
        ) : (
          <div className={styles.snippet}>
            <code className={styles.code} data-testid="tracker-snippet">
              {snippet.data}
            </code>
            <CopyButton text={snippet.data} variant="outline">
              Copy tag
            </CopyButton>
          </div>
        )}
        <div className={styles.check}>
          <Button
            variant="outline"
            color="secondary"
            loading={check.isPending}
            loadingText="Checking…"
            onClick={() => check.mutate()}
          >
            Check installation
          </Button>
        </div>
        {check.isError ? (
          <ErrorPanel title="Could not check the installation" error={check.error} />
        ) : check.data ? (
          <InstallationResult status={check.data} pageUrl={pageUrl} />
        ) : null}
      </div>
    </Card>
  );
}
