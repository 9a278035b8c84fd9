import {
  splitWordList,
  URL_CONTEXT_LIMITS,
  urlContextSchema,
  type UrlContextView,
} from '@kindling/domain';
import { useState, type FormEvent } from 'react';
import { useCurrentTeam } from '../../../../lib/current-team';
import { errorMessage } from '../../../../lib/error-message';
import { formatTimeAgo } from '../../../../lib/format';
import { Button } from '../../../../ui/button';
import { FormError, TextAreaField, TextField } from '../../../../ui/field';
import { toastSuccess } from '../../../../ui/toast';
import { usePageContext, useSavePageContext } from '../hooks/use-page-context';
import styles from './page-context-section.module.css';

type Draft = Record<'offer' | 'audience' | 'voice' | 'avoidWords', string>;

const draftOf = (view: UrlContextView | undefined): Draft => ({
  offer: view?.context?.offer ?? '',
  audience: view?.context?.audience ?? '',
  voice: view?.context?.voice ?? '',
  avoidWords: view?.context?.avoidWords.join(', ') ?? '',
});

/**
 * The page's context for AI suggestions (url-context): what it offers, who it is for, its voice
 * and words to avoid. One per page and team, so every element of the page (and every campaign
 * on it) shares it; prefilled from by-url, saved with save.
 */
export function PageContextSection() {
  const { isReadOnly } = useCurrentTeam();
  const { url, query } = usePageContext();
  if (!url) return null;
  const view = query.data;
  return (
    <details className={styles.section} data-testid="page-context">
      <summary className={styles.summary}>
        Page context
        <span className={styles.status}>
          {query.isPending ? 'Loading…' : view?.context ? 'Saved' : 'Not set'}
        </span>
      </summary>
      {query.isError ? (
        <p className={styles.error} role="alert">
          {errorMessage(query.error)}
        </p>
      ) : query.isPending ? null : (
        // Keyed by the save time, so a save elsewhere (or a reload) refills the form.
        <PageContextForm key={view?.updatedAt ?? 'new'} view={view} readOnly={isReadOnly} />
      )}
    </details>
  );
}

function PageContextForm({
  view,
  readOnly,
}: {
  view: UrlContextView | undefined;
  readOnly: boolean;
}) {
  const save = useSavePageContext();
  const [draft, setDraft] = useState<Draft>(() => draftOf(view));
  const [fieldErrors, setFieldErrors] = useState<Partial<Draft>>({});
  const field = (name: keyof Draft) => ({
    id: `page-context-${name}`,
    value: draft[name],
    error: fieldErrors[name],
    readOnly,
    onChange: (event: { target: { value: string } }) =>
      setDraft((current) => ({ ...current, [name]: event.target.value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = urlContextSchema.safeParse({
      ...draft,
      avoidWords: splitWordList(draft.avoidWords),
    });
    if (!parsed.success) {
      const errors: Partial<Draft> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof Draft;
        errors[name] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) =>
        toastSuccess(saved.context ? 'Page context saved' : 'Page context cleared'),
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.note}>
        Every AI suggestion for this page is told this. It applies to all elements of the page.
      </p>
      <TextAreaField
        label="What the page offers"
        rows={2}
        maxLength={URL_CONTEXT_LIMITS.offer}
        placeholder="e.g. invoicing software for freelancers"
        {...field('offer')}
      />
      <TextField
        label="Who it is for"
        maxLength={URL_CONTEXT_LIMITS.audience}
        placeholder="e.g. designers who hate paperwork"
        {...field('audience')}
      />
      <TextField
        label="Voice"
        maxLength={URL_CONTEXT_LIMITS.voice}
        placeholder="e.g. warm and plain, no hype"
        {...field('voice')}
      />
      <TextField
        label="Words to avoid"
        hint="Separate them with commas."
        placeholder="e.g. cheap, revolutionary"
        {...field('avoidWords')}
      />
      <FormError message={save.isError ? errorMessage(save.error) : null} />
      {readOnly ? null : (
        <div className={styles.actions}>
          {view?.updatedAt ? (
            <span className={styles.saved} data-testid="page-context-saved">
              Saved {formatTimeAgo(view.updatedAt)}
              {view.updatedBy ? ` by ${view.updatedBy}` : ''}
            </span>
          ) : null}
          <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
            Save page context
          </Button>
        </div>
      )}
    </form>
  );
}
