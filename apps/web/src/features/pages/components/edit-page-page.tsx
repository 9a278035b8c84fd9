import clsx from 'clsx';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { teamHref } from '../../../lib/team-path';
import { Button, ButtonLink } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorPanel } from '../../../ui/error-panel';
import { CampaignsIcon, SparkleIcon, TrashIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/page-header';
import { LoadingState } from '../../../ui/spinner';
import { toastSuccess } from '../../../ui/toast';
import type { LandingPage } from '../api/pages-api';
import { useDeletePage, usePageChanges } from '../hooks/use-page-actions';
import { usePageForm } from '../hooks/use-page-form';
import { usePage } from '../hooks/use-pages';
import { pageFormFrom } from '../state/page-form';
import { templateName } from '../state/templates';
import { PageFormFields } from './page-form-fields';
import { PagePreview } from './page-preview';
import { PublishCard } from './publish-card';
import { SignupsCard } from './signups-card';
import styles from './page-editor.module.css';

/** /admin/{team}/pages/{pageId}: edit with a live preview, publish, sign-ups, delete. */
export function EditPagePage() {
  const { pageId } = useParams();
  const { slug } = useCurrentTeam();
  const id = Number(pageId);
  const page = usePage(slug, id);
  useDocumentTitle(page.data?.content.headline ?? 'Landing page');

  if (!Number.isInteger(id) || id <= 0 || isApiError(page.error, 404)) {
    return (
      <EmptyState
        title="Page not found"
        description="It may have been deleted, or it belongs to another team."
        action={
          <ButtonLink to={teamHref(slug, '/pages')} variant="outline" color="secondary">
            Back to landing pages
          </ButtonLink>
        }
      />
    );
  }
  if (page.isPending) return <LoadingState />;
  if (page.isError) {
    return (
      <ErrorPanel
        title="Could not load the page"
        error={page.error}
        onRetry={() => void page.refetch()}
      />
    );
  }
  return <PageEditor key={page.data.id} team={slug} page={page.data} />;
}

function PageEditor({ team, page }: { team: string; page: LandingPage }) {
  const navigate = useNavigate();
  const saved = useMemo(() => pageFormFrom(page), [page]);
  const form = usePageForm(saved);
  const { save, publish } = usePageChanges(team, page.id);
  const deletePage = useDeletePage(team);
  const unsaved = JSON.stringify(form.values) !== JSON.stringify(saved);
  const addressPrefix = page.url.slice(0, page.url.length - encodeURIComponent(page.slug).length);

  function submit() {
    const input = form.validate();
    if (!input) return;
    save.mutate(input, {
      onSuccess: (next) => {
        form.reset(pageFormFrom(next));
        toastSuccess('Changes saved', next.published ? 'They are on the web now.' : undefined);
      },
      onError: form.showServerError,
    });
  }

  async function remove() {
    if (await deletePage(page)) await navigate(teamHref(team, '/pages'));
  }

  return (
    <div>
      <PageHeader
        eyebrow="Landing pages"
        title={page.content.headline}
        description={`${templateName(page.templateId)} template`}
        actions={
          <>
            <ButtonLink
              to={teamHref(team, `/pages/${page.id}/test`)}
              variant="outline"
              color="secondary"
              icon={<SparkleIcon size={16} />}
            >
              Test this idea
            </ButtonLink>
            {page.published ? (
              // The published page is a normal campaign URL: the campaign wizard opens on it.
              <ButtonLink
                to={teamHref(team, `/campaign/new?${new URLSearchParams({ url: page.url })}`)}
                variant="outline"
                color="secondary"
                icon={<CampaignsIcon size={16} />}
              >
                Make variants in the editor
              </ButtonLink>
            ) : null}
            <Button
              variant="outline"
              color="danger"
              icon={<TrashIcon size={16} />}
              onClick={() => void remove()}
            >
              Delete
            </Button>
          </>
        }
      />
      <PublishCard
        page={page}
        busy={publish.isPending}
        unsaved={unsaved}
        onPublishedChange={(published) => publish.mutate(published)}
      />
      <div className={styles.editor}>
        <form
          className={styles.form}
          noValidate
          aria-label="Page content"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <PageFormFields form={form} addressPrefix={addressPrefix} />
          <div className={clsx(styles.footer, styles.sticky)}>
            {unsaved ? <span className={styles.unsaved}>Unsaved changes</span> : null}
            <Button type="submit" loading={save.isPending} disabled={!unsaved}>
              Save changes
            </Button>
          </div>
        </form>
        <div className={styles.previewColumn}>
          <PagePreview values={form.values} />
        </div>
      </div>
      <SignupsCard team={team} page={page} />
    </div>
  );
}
