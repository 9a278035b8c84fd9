import { Link } from 'react-router';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDate, pluralize } from '../../../lib/format';
import { teamHref } from '../../../lib/team-path';
import { Badge } from '../../../ui/badge';
import { ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorPanel } from '../../../ui/error-panel';
import { FlameIcon, PlusIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/page-header';
import { LoadingState } from '../../../ui/spinner';
import type { LandingPageSummary } from '../api/pages-api';
import { usePages } from '../hooks/use-pages';
import { templateName } from '../state/templates';
import styles from './pages-list-page.module.css';

/** /admin/{team}/pages: the team's burner landing pages. */
export function PagesListPage() {
  useDocumentTitle('Landing pages');
  const { slug } = useCurrentTeam();
  const pages = usePages(slug);
  const newPage = (
    <ButtonLink to={teamHref(slug, '/pages/new')} icon={<PlusIcon size={16} />}>
      New page
    </ButtonLink>
  );

  return (
    <div>
      <PageHeader
        title="Landing pages"
        description="Test an idea without a website of your own: a page, a headline, a sign-up form."
        actions={pages.data && pages.data.length > 0 ? newPage : undefined}
      />
      {pages.isPending ? (
        <LoadingState />
      ) : pages.isError ? (
        <ErrorPanel
          title="Could not load the pages"
          error={pages.error}
          onRetry={() => void pages.refetch()}
        />
      ) : pages.data.length === 0 ? (
        <EmptyState
          icon={<FlameIcon />}
          title="No landing pages yet"
          description="Pick a template, write a headline and three reasons to care, and publish. Kindling hosts the page, counts the visits and keeps the sign-ups."
          action={
            <ButtonLink to={teamHref(slug, '/pages/new')} icon={<PlusIcon size={16} />}>
              Create a landing page
            </ButtonLink>
          }
        />
      ) : (
        <ul className={styles.list} aria-label="Landing pages" data-testid="landing-pages">
          {pages.data.map((page) => (
            <PageRow key={page.id} page={page} to={teamHref(slug, `/pages/${page.id}`)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PageRow({ page, to }: { page: LandingPageSummary; to: string }) {
  return (
    <li className={styles.row} data-testid={`landing-page-${page.slug}`}>
      <div className={styles.main}>
        <Link to={to} className={styles.headline}>
          {page.content.headline}
        </Link>
        <span className={styles.url}>{page.url}</span>
      </div>
      <div className={styles.facts}>
        <Badge tone={page.published ? 'success' : 'neutral'}>
          {page.published ? 'Published' : 'Draft'}
        </Badge>
        <span>{pluralize(page.signupCount, 'sign-up')}</span>
        <span className={styles.muted}>{templateName(page.templateId)}</span>
        <span className={styles.muted}>Created {formatDate(page.createdAt)}</span>
      </div>
    </li>
  );
}
