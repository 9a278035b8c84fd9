import { useNavigate } from 'react-router';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { teamHref } from '../../../lib/team-path';
import { Button, ButtonLink } from '../../../ui/button';
import { PageHeader } from '../../../ui/page-header';
import { toastSuccess } from '../../../ui/toast';
import { useCreatePage } from '../hooks/use-page-actions';
import { usePageForm } from '../hooks/use-page-form';
import { emptyPageForm } from '../state/page-form';
import { PageFormFields } from './page-form-fields';
import styles from './page-editor.module.css';

/** /admin/{team}/pages/new: template, content and address; the page starts as a draft. */
export function NewPagePage() {
  useDocumentTitle('New landing page');
  const { slug } = useCurrentTeam();
  const navigate = useNavigate();
  const form = usePageForm(emptyPageForm(), { followHeadline: true });
  const create = useCreatePage(slug);

  function submit() {
    const input = form.validate();
    if (!input) return;
    create.mutate(input, {
      onSuccess: ({ id }) => {
        toastSuccess('Page created', 'It is a draft until you publish it.');
        void navigate(teamHref(slug, `/pages/${id}`));
      },
      onError: form.showServerError,
    });
  }

  return (
    <div className={styles.narrow}>
      <PageHeader eyebrow="Landing pages" title="New landing page" />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <PageFormFields form={form} addressPrefix={`/p/${slug}/`} />
        <div className={styles.footer}>
          <ButtonLink to={teamHref(slug, '/pages')} variant="outline" color="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" loading={create.isPending}>
            Create page
          </Button>
        </div>
      </form>
    </div>
  );
}
